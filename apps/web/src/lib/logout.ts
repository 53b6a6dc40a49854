import { apiClient } from './api-client';
import { getRefreshToken } from './auth-tokens';
import { queryClient } from './query-client';
import { endSession } from './session';

/** SPEC §4: tell the server, then forget the session here whatever it answered. */
export async function logout(): Promise<void> {
  try {
    // With the refresh token the server ends this browser's session only (decision 011);
    // without one it ends them all.
    const refreshToken = getRefreshToken();
    await apiClient.post('/users/logout', refreshToken ? { RefreshToken: refreshToken } : undefined);
  } catch {
    // The local session ends regardless; a server that cannot be reached must not keep the user in.
  } finally {
    queryClient.clear();
    endSession();
  }
}
