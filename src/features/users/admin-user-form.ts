import type { z } from 'zod';
import { newUserCategory } from '../../../domain/departments.ts';
import { categories, roles, type Category, type Role } from '../../../domain/users.ts';
import type { MessageKey } from '../../i18n/dictionaries.ts';
import type { TranslateFn } from '../../i18n/i18n.tsx';
import type { ListedUser, UsersApiFailure } from './admin-users-api.ts';

/** What the create and edit forms hold: the raw text of each field. */
export interface UserFormValues {
  email: string;
  password: string;
  role: Role;
  category: Category;
}

export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

/** The spec's defaults for a new user (section 5): role employee, category animal-feeding. */
export const emptyUserForm: UserFormValues = {
  email: '',
  password: '',
  role: 'employee',
  category: newUserCategory,
};

const formFields: readonly UserFormField[] = ['email', 'password', 'role', 'category'];

function isFormField(value: unknown): value is UserFormField {
  return (formFields as readonly unknown[]).includes(value);
}

/**
 * The first message per field, in the schema's order (createUserSchema / updateUserSchema), so
 * 'Email is required' shows before 'Please enter a valid email address' can.
 */
export function validateUserForm(schema: z.ZodType, values: UserFormValues): UserFormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: UserFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isFormField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

export function isCategory(value: string): value is Category {
  return (categories as readonly string[]).includes(value);
}

const roleKeys: Record<Role, MessageKey> = {
  admin: 'users.role.admin',
  manager: 'users.role.manager',
  employee: 'users.role.employee',
  other: 'users.role.other',
};

/** A role's label; a value the app does not know is shown as stored. */
export function roleLabel(t: TranslateFn, role: string): string {
  return isRole(role) ? t(roleKeys[role]) : role;
}

/**
 * The detail of a failed call for a message such as 'Failed to update user: {message}': the
 * server's message (translated when known), 'Network error. Please try again.' when the server
 * was not reached, else the status.
 */
export function failureDetail(
  t: TranslateFn,
  translateMessage: (text: string) => string,
  failure: UsersApiFailure,
): string {
  switch (failure.reason) {
    case 'network':
      return t('users.message.networkError');
    case 'invalid-response':
      return t('users.invalidResponse');
    case 'http':
      return failure.message !== undefined
        ? translateMessage(failure.message)
        : t('users.requestFailed', { status: failure.status });
  }
}

/** Spec section 9: users 10 per page. */
export const usersPageSize = 10;

/** Users whose e-mail contains the search text, case-insensitively. */
export function filterUsersByEmail(users: readonly ListedUser[], query: string): ListedUser[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...users];
  return users.filter((user) => user.email.toLowerCase().includes(needle));
}
