import { replace } from 'react-router';
import { hasAccessToken } from '../lib/auth-tokens';
import { LOGIN_PATH } from '../lib/session';

/** SPEC §2: logged-in routes send visitors to /login, replacing the history entry. */
export function requireSignedIn(): Response | null {
  if (!hasAccessToken()) throw replace(LOGIN_PATH);
  return null;
}

/** #21.7: a signed-in user opening /login or /register has nothing to do there: the dashboard. */
export function redirectSignedIn(): Response | null {
  if (hasAccessToken()) throw replace('/dashboard');
  return null;
}
