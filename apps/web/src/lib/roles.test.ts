import { describe, expect, it } from 'vitest';
import { rolesOfToken } from './roles';

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWith = (payload: unknown) => `${base64url({ alg: 'HS256' })}.${base64url(payload)}.signature`;

describe('rolesOfToken', () => {
  it('reads the roles claim of an access token', () => {
    expect(rolesOfToken(tokenWith({ sub: '7', roles: ['user', 'admin'] }))).toEqual(['user', 'admin']);
  });

  it('is empty for visitors, malformed tokens and odd claims', () => {
    expect(rolesOfToken(null)).toEqual([]);
    expect(rolesOfToken('not-a-jwt')).toEqual([]);
    expect(rolesOfToken('a.%%%.c')).toEqual([]);
    expect(rolesOfToken(tokenWith({ roles: 'admin' }))).toEqual([]);
    expect(rolesOfToken(tokenWith({ roles: ['tipster', 42] }))).toEqual(['tipster']);
  });
});
