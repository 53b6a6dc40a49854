/**
 * Starts the logout. The HTTP client loads only now, so signed-in visitors do not download it
 * just to render the header.
 */
export function startLogout(): void {
  void import('../../lib/logout').then(({ logout }) => logout());
}
