import { useSyncExternalStore } from 'react';

// SPEC §3: the session tokens live in localStorage under these names.
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let isListeningToOtherTabs = false;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    // Storage can be unavailable (privacy mode, sandboxed frames): behave as signed out.
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function hasAccessToken(): boolean {
  return getAccessToken() !== null;
}

export function setTokens(tokens: TokenPair): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  notify();
}

export function clearTokens(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  notify();
}

function handleStorageEvent(event: StorageEvent): void {
  // key is null when another tab cleared the whole storage.
  if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
}

/**
 * Calls `listener` whenever the tokens change, in this tab or in another one (the `storage`
 * event only fires for writes made by other tabs).
 */
export function subscribeToTokens(listener: Listener): () => void {
  if (!isListeningToOtherTabs && typeof window !== 'undefined') {
    window.addEventListener('storage', handleStorageEvent);
    isListeningToOtherTabs = true;
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** SPEC §6: only the presence of the access token decides whether the user counts as signed in. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeToTokens, hasAccessToken, () => false);
}
