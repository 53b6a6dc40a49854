import type { Role } from '@tips/contract/users.schemas';
import { useMemo, useSyncExternalStore } from 'react';
import { getAccessToken, subscribeToTokens } from './auth-tokens';

const NO_ROLES: readonly string[] = [];

/**
 * The roles claimed by a stored access token. Read without verifying the signature: it only
 * decides which links and pages to offer; the API checks every request itself.
 */
export function rolesOfToken(token: string | null): readonly string[] {
  const payload = token?.split('.')[1];
  if (!payload) return NO_ROLES;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const roles = (JSON.parse(json) as { roles?: unknown }).roles;
    return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : NO_ROLES;
  } catch {
    return NO_ROLES;
  }
}

/** The signed-in user's roles; empty for visitors. Follows sign-in, refresh and sign-out in any tab. */
export function useRoles(): readonly string[] {
  const token = useSyncExternalStore(subscribeToTokens, getAccessToken, () => null);
  return useMemo(() => rolesOfToken(token), [token]);
}

export function useHasRole(role: Role): boolean {
  return useRoles().includes(role);
}
