import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@tips/contract/users.schemas';

// The HTTP client (axios) and the rest of the session code load when the form is first focused or
// sent, not with the sign-in page: none of it is needed to paint the form (decision 193).
const loadAuthApi = () => import('./auth-api');

/** Starts loading what sending the form needs; a failed load is tried again on sending. */
export function preloadLogIn(): void {
  loadAuthApi().catch(() => undefined);
}

/** SPEC §4 Login: store the tokens, then fetch and store the profile. */
export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await loadAuthApi()).logIn(body, queryClient),
  });
}
