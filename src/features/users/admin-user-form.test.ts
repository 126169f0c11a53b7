import { describe, expect, it } from 'vitest';
import { createUserSchema, updateUserSchema } from '../../../domain/users.ts';
import { departmentName } from '../../i18n/department-name.ts';
import { translate } from '../../i18n/translate.ts';
import type { TranslateFn } from '../../i18n/i18n.tsx';
import {
  emptyUserForm,
  failureDetail,
  filterUsersByEmail,
  roleLabel,
  validateUserForm,
} from './admin-user-form.ts';

const t: TranslateFn = (key, values) => translate('en', key, values);
const same = (text: string) => text;

describe('user form validation', () => {
  it('starts a new user as an employee of animal-feeding', () => {
    expect(emptyUserForm).toMatchObject({ role: 'employee', category: 'animal-feeding' });
  });

  it("shows 'required' before any other message for empty fields", () => {
    expect(validateUserForm(createUserSchema, emptyUserForm)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('checks the e-mail shape and the password length next', () => {
    const values = { ...emptyUserForm, email: 'not-an-email', password: '123' };
    expect(validateUserForm(createUserSchema, values)).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('accepts a blank password when editing, but not a short one', () => {
    const values = { ...emptyUserForm, email: 'a@example.com' };
    expect(validateUserForm(updateUserSchema, values)).toEqual({});
    expect(validateUserForm(updateUserSchema, { ...values, password: '12' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('user list helpers', () => {
  const users = [
    { _id: '1', email: 'Anna@Example.com', role: 'admin', category: 'godown' },
    { _id: '2', email: 'bob@example.com', role: 'employee', category: 'hardware' },
  ];

  it('searches e-mails case-insensitively and ignores surrounding spaces', () => {
    expect(filterUsersByEmail(users, '  anna ').map((user) => user._id)).toEqual(['1']);
    expect(filterUsersByEmail(users, '')).toHaveLength(2);
    expect(filterUsersByEmail(users, 'nobody')).toEqual([]);
  });

  it('labels roles and departments, and shows unknown values as stored', () => {
    expect(roleLabel(t, 'employee')).toBe('Employee');
    expect(roleLabel(t, 'auditor')).toBe('auditor');
    expect(departmentName(t, 'animal-feeding')).toBe('Animal Feeding');
    expect(departmentName(t, 'bakery')).toBe('bakery');
  });

  it('explains a failure by network, server message or status', () => {
    expect(failureDetail(t, same, { ok: false, reason: 'network' })).toBe(
      'Network error. Please try again.',
    );
    expect(
      failureDetail(t, same, { ok: false, reason: 'http', status: 409, message: 'Taken' }),
    ).toBe('Taken');
    expect(failureDetail(t, same, { ok: false, reason: 'http', status: 500 })).toBe(
      'Request failed (status 500)',
    );
  });
});
