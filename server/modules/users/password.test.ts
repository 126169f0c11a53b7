import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';

const fast = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse', fast);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', fast)).not.toBe(await hashPassword('same', fast));
  });

  it('verifies hashes made with the default (strong) parameters', async () => {
    const stored = await hashPassword('secret1');
    expect(stored.startsWith('scrypt$32768$8$3$')).toBe(true);
    expect(await verifyPassword('secret1', stored)).toBe(true);
  });

  it('answers false for malformed stored values', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$x$8$1$a$b',
      'bcrypt$1$2$3$4$5',
      'scrypt$1024$8$1$$',
    ]) {
      expect(await verifyPassword('secret1', stored)).toBe(false);
    }
  });

  it('checks against a dummy hash for unknown users', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('generates 20-character passwords', () => {
    expect(generatePassword()).toMatch(/^[\w-]{20}$/);
  });
});
