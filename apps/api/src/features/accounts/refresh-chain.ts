import { createHmac } from 'node:crypto';

/**
 * The successor of a refresh token is derived from it with a server key, so a second tab that
 * presents the same token within the grace window is handed the very same successor (only its
 * hash is stored). Without the key nobody can walk the chain forward from an old token.
 */
export function deriveSuccessorToken(key: string, token: string): string {
  return createHmac('sha256', key).update('refresh-successor\0').update(token).digest('base64url');
}
