import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never matches without a stored hash, or with a malformed one', async () => {
    expect(await verifyPassword(undefined, 'anything at all')).toBe(false);
    expect(await verifyPassword(null, '')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});

describe('checkPasswordPolicy', () => {
  it('wants 8 to 128 characters, counted as code points', () => {
    expect(checkPasswordPolicy('seven77')).toBe('tooShort');
    expect(checkPasswordPolicy('eight888 ')).toBeNull();
    expect(checkPasswordPolicy('🔒🔒🔒🔒🔒🔒🔒🔒')).toBeNull();
    expect(checkPasswordPolicy('x'.repeat(128))).toBeNull();
    expect(checkPasswordPolicy('x'.repeat(129))).toBe('tooLong');
  });

  it('refuses common passwords in any case, and the user’s own name or address', () => {
    expect(checkPasswordPolicy('Password123')).toBe('tooCommon');
    expect(checkPasswordPolicy('QWERTYUIOP')).toBe('tooCommon');
    expect(checkPasswordPolicy('ada_lovelace', ['Ada_Lovelace', 'ada@example.test'])).toBe('tooCommon');
    expect(checkPasswordPolicy('ada@example.test', ['someone', 'ADA@example.test'])).toBe('tooCommon');
    expect(checkPasswordPolicy('adalovelace1815', ['ada_lovelace'])).toBeNull();
  });

  it('has no composition rules', () => {
    expect(checkPasswordPolicy('all lower case words')).toBeNull();
    expect(checkPasswordPolicy('9182736450192')).toBeNull();
  });
});
