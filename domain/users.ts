import { z } from 'zod';
import { departmentIds, newUserCategory } from './departments.ts';
import { loginMessages, userFormMessages } from './user-messages.ts';

/**
 * Users, roles and the auth/user contracts. Messages are the spec's exact texts (section 5);
 * the PWA translates them through its i18n layer, the server sends them as they are.
 */
export const roles = ['admin', 'manager', 'employee', 'other'] as const;
export type Role = (typeof roles)[number];

export const categories = departmentIds;
export type Category = (typeof categories)[number];

export const minPasswordLength = 6;

// A practical e-mail shape check; the server lower-cases e-mails so uniqueness is case-insensitive.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const loginSchema = z.object({
  email: z
    .string({ error: loginMessages.emailRequired })
    .trim()
    .min(1, loginMessages.emailRequired)
    .max(254, loginMessages.emailInvalid)
    .regex(emailPattern, loginMessages.emailInvalid),
  password: z
    .string({ error: loginMessages.passwordRequired })
    .min(1, loginMessages.passwordRequired)
    .min(minPasswordLength, loginMessages.passwordTooShort)
    .max(1024, loginMessages.passwordTooShort),
});
export type LoginInput = z.infer<typeof loginSchema>;

const userEmail = z
  .string({ error: userFormMessages.emailRequired })
  .trim()
  .min(1, userFormMessages.emailRequired)
  .max(254, userFormMessages.emailInvalid)
  .regex(emailPattern, userFormMessages.emailInvalid);

const userPassword = z
  .string({ error: userFormMessages.passwordRequired })
  .min(1, userFormMessages.passwordRequired)
  .min(minPasswordLength, userFormMessages.passwordTooShort)
  .max(1024, userFormMessages.passwordTooShort);

/** Create user (admin): defaults role employee, category animal-feeding (spec section 5). */
export const createUserSchema = z.object({
  email: userEmail,
  password: userPassword,
  role: z.enum(roles).default('employee'),
  category: z.enum(categories).default(newUserCategory),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** Edit user (admin): a blank or missing password keeps the current one. */
export const updateUserSchema = z.object({
  email: userEmail,
  password: z
    .union([z.literal(''), userPassword])
    .optional()
    .transform((value) => (value ? value : undefined)),
  role: z.enum(roles),
  category: z.enum(categories),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** What the API returns for a user; never the password hash. */
export interface PublicUser {
  _id: string;
  email: string;
  role: Role;
  category: Category;
  createdAt: string;
  updatedAt: string;
}

export interface LoginResponse {
  _id: string;
  email: string;
  role: Role;
  category: Category;
  token: string;
  message: string;
}
