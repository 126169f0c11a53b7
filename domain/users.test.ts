import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginMessages, userFormMessages } from './user-messages.ts';
import { createUserSchema, loginSchema, normalizeEmail, updateUserSchema } from './users.ts';

/** The first message per field, in the order the fields failed (what a form shows). */
function firstMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    messages[field] ??= issue.message;
  }
  return messages;
}

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('loginSchema', () => {
  it('asks for e-mail and password when both are missing, e-mail first', () => {
    expect(firstMessage(loginSchema, {})).toBe('Email is required.');
    expect(firstMessages(loginSchema, {})).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
  });

  it('treats blank values as missing', () => {
    expect(firstMessages(loginSchema, { email: '   ', password: '' })).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    });
  });

  it('rejects a malformed e-mail', () => {
    for (const email of ['user', 'user@', 'user@host', '@host.com', 'a b@host.com']) {
      expect(firstMessages(loginSchema, { email, password: 'secret1' })).toEqual({
        email: 'Invalid email format.',
      });
    }
  });

  it('rejects a password shorter than 6 characters', () => {
    expect(firstMessages(loginSchema, { email: 'a@b.co', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters.',
    });
  });

  it('accepts valid credentials and trims the e-mail', () => {
    expect(loginSchema.parse({ email: ' a@b.co ', password: '123456' })).toEqual({
      email: 'a@b.co',
      password: '123456',
    });
  });

  it('uses the spec texts', () => {
    expect(loginMessages).toMatchObject({
      emailRequired: 'Email is required.',
      emailInvalid: 'Invalid email format.',
      passwordRequired: 'Password is required.',
      passwordTooShort: 'Password must be at least 6 characters.',
      invalidCredentials: 'Invalid login credentials',
      networkError: 'An error occurred. Please try again later.',
      loginFailed: 'Login failed. Please try again.',
    });
  });
});

describe('createUserSchema', () => {
  it('reports e-mail before password, without the login full stops', () => {
    expect(firstMessage(createUserSchema, {})).toBe('Email is required');
    expect(firstMessages(createUserSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('rejects a malformed e-mail and a short password', () => {
    expect(firstMessages(createUserSchema, { email: 'nope', password: 'abc' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('defaults role employee and category animal-feeding', () => {
    expect(createUserSchema.parse({ email: 'a@b.co', password: 'secret' })).toEqual({
      email: 'a@b.co',
      password: 'secret',
      role: 'employee',
      category: 'animal-feeding',
    });
  });

  it('rejects an unknown category', () => {
    const result = createUserSchema.safeParse({
      email: 'a@b.co',
      password: 'secret',
      category: 'bakery',
    });
    expect(result.success).toBe(false);
  });

  it('uses the spec texts', () => {
    expect(userFormMessages).toMatchObject({
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 6 characters',
    });
  });
});

describe('updateUserSchema', () => {
  const base = { email: 'a@b.co', role: 'admin', category: 'printing' } as const;

  it('keeps the current password when the password is blank or missing', () => {
    expect(updateUserSchema.parse({ ...base, password: '' }).password).toBeUndefined();
    expect(updateUserSchema.parse(base).password).toBeUndefined();
  });

  it('checks a new password', () => {
    expect(firstMessages(updateUserSchema, { ...base, password: '123' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(updateUserSchema.parse({ ...base, password: 'newpass' }).password).toBe('newpass');
  });

  it('checks the e-mail like create', () => {
    expect(firstMessages(updateUserSchema, { ...base, email: '' })).toEqual({
      email: 'Email is required',
    });
    expect(firstMessages(updateUserSchema, { ...base, email: 'x@' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Admin@Example.COM ')).toBe('admin@example.com');
  });
});
