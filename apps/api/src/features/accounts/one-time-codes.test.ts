import { describe, expect, it } from 'vitest';
import { parseCode } from './one-time-codes';
import { deriveSuccessorToken } from './refresh-chain';

describe('parseCode', () => {
  const secret = 'A'.repeat(43);

  it('takes the secret: a bare one, or from an old `<id>.<secret>` link (the id is ignored)', () => {
    expect(parseCode(secret)).toBe(secret);
    expect(parseCode(` ${secret} `)).toBe(secret);
    expect(parseCode(`12.${secret}`)).toBe(secret);
    expect(parseCode(`2147483647.${secret}`)).toBe(secret);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '12',
      `0.${secret}`,
      `-1.${secret}`,
      `12.${secret}x`,
      `12.${'A'.repeat(42)}`,
      `12.${'+'.repeat(43)}`,
      `99999999999.${secret}`,
    ]) {
      expect(parseCode(bad)).toBeNull();
    }
  });
});

describe('deriveSuccessorToken', () => {
  it('is deterministic per key and token, and differs across keys and tokens', () => {
    const a = deriveSuccessorToken('key-1', 'token');
    expect(deriveSuccessorToken('key-1', 'token')).toBe(a);
    expect(deriveSuccessorToken('key-2', 'token')).not.toBe(a);
    expect(deriveSuccessorToken('key-1', 'token2')).not.toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
