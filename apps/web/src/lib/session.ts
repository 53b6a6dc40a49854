import { useUserProfileStore } from '../stores/user-profile-store';
import { clearTokens } from './auth-tokens';
import { navigateTo } from './navigation';

export const LOGIN_PATH = '/login';

/** Forgets the session on this device and sends the user to the login page (SPEC §4). */
export function endSession(): void {
  clearTokens();
  useUserProfileStore.getState().clear();
  navigateTo(LOGIN_PATH, { replace: true });
}
