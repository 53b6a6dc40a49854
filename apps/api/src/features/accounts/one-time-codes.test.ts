import { describe, expect, it } from 'vitest';
import { parseCode } from './one-time-codes';
import { deriveSuccessorToken } from './refresh-chain';

describe('parseCode', () => {
  const secret = 'A'.repeat(43);

  it('splits `<id>.<secret>`', () => {
    expect(parseCode(`12.${secret}`)).toEqual({ id: 12, secret });
    expect(parseCode(` 7.${secret} `)).toEqual({ id: 7, secret });
  });

  it('refuses anything else, including ids outside the int4 range', () => {
    for (const bad of [
      '',
      '12',
      `0.${secret}`,
      `-1.${secret}`,
      `12.${secret}x`,
      `12.${'A'.repeat(42)}`,
      `12.${'+'.repeat(43)}`,
      `99999999999.${secret}`,
      `2147483648.${secret}`,
    ]) {
      expect(parseCode(bad)).toBeNull();
    }
    expect(parseCode(`2147483647.${secret}`)).not.toBeNull();
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
