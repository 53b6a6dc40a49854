import { REQUEST_TIMEOUT_MS } from '@tips/contract/rules';
import axios, { type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { ACCESS_TOKEN_KEY, getAccessToken, getRefreshToken, setTokens, type TokenPair } from './auth-tokens';
import { endSession } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry a request gets after a 401 (SPEC §4: retried only once). */
    authRetried?: boolean;
    /** Marks the refresh calls this client makes itself. */
    isSessionRefresh?: boolean;
  }
}

export const API_BASE_URL = '/api';
export const REFRESH_PATH = '/users/refresh';
const LOGIN_PATH_PATTERN = /\/users\/login\b/;

export interface ApiClientOptions {
  /** Replaces the HTTP transport; tests pass a fake. */
  adapter?: AxiosAdapter;
  /** What happens when the session cannot be renewed. Defaults to clearing it and going to /login. */
  onSessionExpired?: () => void;
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

function isRefreshRequest(config: InternalAxiosRequestConfig): boolean {
  return (config.url ?? '').endsWith(REFRESH_PATH);
}

function isLoginRequest(config: InternalAxiosRequestConfig): boolean {
  return LOGIN_PATH_PATTERN.test(config.url ?? '');
}

function isTokenPair(value: unknown): value is TokenPair {
  const pair = value as Partial<TokenPair> | null;
  return typeof pair?.accessToken === 'string' && typeof pair.refreshToken === 'string';
}

/**
 * Resolves with the access token that another tab stores, as soon as it does (the `storage`
 * event fires only for other tabs' writes). Never rejects; `cancel` stops listening.
 */
function waitForTokenFromOtherTab(staleToken: string | null): {
  promise: Promise<string>;
  cancel: () => void;
} {
  let cancel = () => {};
  const promise = new Promise<string>((resolve) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_KEY || !event.newValue || event.newValue === staleToken) return;
      cancel();
      resolve(event.newValue);
    };
    cancel = () => window.removeEventListener('storage', onStorage);
    window.addEventListener('storage', onStorage);
  });
  return { promise, cancel };
}

export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const onSessionExpired = options.onSessionExpired ?? endSession;
  const client = axios.create({
    baseURL: API_BASE_URL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    adapter: options.adapter,
  });

  // The single refresh in flight; every 401 that arrives meanwhile waits for it.
  let refreshing: Promise<string> | null = null;

  async function postRefresh(refreshToken: string): Promise<string> {
    const response = await client.post(
      REFRESH_PATH,
      { RefreshToken: refreshToken },
      { isSessionRefresh: true },
    );
    if (!isTokenPair(response.data)) throw new Error('Malformed refresh response');
    setTokens({ accessToken: response.data.accessToken, refreshToken: response.data.refreshToken });
    return response.data.accessToken;
  }

  async function refreshWithFallback(staleAccess: string | null, sentRefresh: string): Promise<string> {
    try {
      return await postRefresh(sentRefresh);
    } catch (error) {
      // Another tab may have rotated the pair while our refresh was in flight; its tokens are as good.
      const storedAccess = getAccessToken();
      if (storedAccess && storedAccess !== staleAccess) return storedAccess;
      const storedRefresh = getRefreshToken();
      if (storedRefresh && storedRefresh !== sentRefresh) {
        try {
          return await postRefresh(storedRefresh);
        } catch {
          // Fall through to ending the session.
        }
      }
      onSessionExpired();
      throw error;
    }
  }

  function refreshOnce(staleAccess: string | null, refreshToken: string): Promise<string> {
    if (!refreshing) {
      const otherTab = waitForTokenFromOtherTab(staleAccess);
      refreshing = Promise.race([refreshWithFallback(staleAccess, refreshToken), otherTab.promise]).finally(
        () => {
          otherTab.cancel();
          refreshing = null;
        },
      );
    }
    return refreshing;
  }

  client.interceptors.request.use((config) => {
    const token = getAccessToken();
    if (token && !isRefreshRequest(config)) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config;
    if (isLoginRequest(config) || config.authRetried) throw error;
    if (isRefreshRequest(config)) {
      // Our own refreshes are handled by refreshWithFallback; any other one ends the session here.
      if (!config.isSessionRefresh) onSessionExpired();
      throw error;
    }

    const sentToken = bearerOf(config);
    const storedToken = getAccessToken();
    const retry = () => client.request({ ...config, authRetried: true });
    // Renewed meanwhile (by our own refresh or another tab): retry with the stored token.
    if (storedToken && storedToken !== sentToken) return retry();

    const refreshToken = getRefreshToken();
    if (!refreshToken) {
      onSessionExpired();
      throw error;
    }
    await refreshOnce(storedToken, refreshToken);
    return retry();
  });

  return client;
}

/** The application's one API client (lib/api-client.ts loads this module at its first request). */
export const axiosApiClient = createApiClient();
