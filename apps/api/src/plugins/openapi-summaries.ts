import { MESSAGES } from '@tips/contract';

/**
 * Summaries of the operations whose route declares none, keyed by method and OpenAPI path. A
 * summary written in the route's schema wins; moving these into their routes is welcome (kept here
 * so that one change did not touch every feature's route files at once).
 */
export const ROUTE_SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Liveness: answers as soon as the process listens',
  'GET /api/ready': 'Readiness: the database answers',
  'POST /api/users/register': 'Creates an account and sends the email verification link',
  'POST /api/users/email': 'Verifies an email address with the code from the link',
  'POST /api/users/login': 'Signs in: an access token and a refresh token',
  'POST /api/users/refresh': 'Rotates the refresh token and issues a new access token',
  'POST /api/users/logout': 'Signs out: revokes the refresh token family',
  'POST /api/users/forgot-password': 'Emails a password reset link (same answer for unknown addresses)',
  'POST /api/users/reset-password': 'Sets a new password with a reset code',
  'GET /api/users/profile': "The signed-in user's profile and credit balance",
  'PUT /api/users/profile': "Updates the signed-in user's profile",
  'PUT /api/users/profile/password': 'Changes the password (the current one is required)',
  'POST /api/users/profile/image': 'Uploads a profile picture (JPEG, PNG or WebP)',
  'GET /api/users/profile-images/{file}': 'A stored profile picture',
  'POST /api/users/contact': 'Sends a message to the support team',
  'GET /api/admin/tipsters/{id}': 'Admin: one tipster with account and record',
  'GET /api/tips': 'Open tips by category, paged (selections of paid tips only for their buyers)',
  'GET /api/tips/ai': "Today's AI model tips, paged",
  'GET /api/tips/cart': 'The tips of a cart, priced, with what blocks their purchase',
  'GET /api/tipsters': 'Tipsters by category, ranked by proven profit (or shuffled), paged',
  'GET /api/tipsters/profile/{id}': "A tipster's public profile and figures",
  'GET /api/tipsters/records/{id}': "A tipster's settled tips, paged",
  'GET /api/tipsters/statistics': 'The five tipster rankings, by profit in units with a minimum sample',
  'GET /api/tips/running': "The buyer's purchased tips still open",
  'GET /api/tips/ai/subscriptions': "The buyer's AI plans: picks delivered of all, the last one expected",
  'GET /api/tips/history': "The buyer's purchased tips, settled",
  'GET /api/tips/following': 'Open tips of the tipsters the user follows',
  'GET /api/tipsters/following': 'The tipsters the user follows',
  'POST /api/tipsters/follow/{id}': 'Follows a tipster',
  'DELETE /api/tipsters/follow/{id}': 'Stops following a tipster',
  'POST /api/sandbox/paypal/v1/oauth2/token': 'PayPal emulator: OAuth 2 client-credentials token',
  'POST /api/sandbox/paypal/v2/checkout/orders': 'PayPal emulator: creates an order',
  'GET /api/sandbox/paypal/v2/checkout/orders/{id}': 'PayPal emulator: an order',
  'POST /api/sandbox/paypal/v2/checkout/orders/{id}/capture': 'PayPal emulator: captures an approved order',
  'POST /api/sandbox/paypal/v2/payments/captures/{id}/refund': 'PayPal emulator: refunds a capture',
  'GET /api/fixtures/{id}': 'One fixture (competition, teams, kick-off, result)',
  'GET /api/sandbox/football-data/v4/competitions/{code}/matches':
    "football-data.org emulator: a competition's matches in a date range",
  'PUT /api/sandbox/football-data/matches/{id}': 'football-data.org emulator: sets a match (tests)',
  'DELETE /api/sandbox/football-data/matches': 'football-data.org emulator: forgets every match (tests)',
  'GET /api/sandbox/api-football/fixtures': 'API-Football emulator: fixtures of a league, season and day',
  'GET /api/sandbox/api-football/odds': "API-Football emulator: bookmakers' odds of a league, season and day",
  'PUT /api/sandbox/api-football/fixtures/{id}':
    'API-Football emulator: sets a fixture and its books (tests)',
  'DELETE /api/sandbox/api-football/fixtures': 'API-Football emulator: forgets every fixture (tests)',
  'PUT /api/sandbox/api-football/quota': 'API-Football emulator: sets the per-minute quota (tests)',
  'GET /api/sandbox/api-football/calls': 'API-Football emulator: the calls it answered (tests)',
  'PUT /api/sandbox/football-data/quota': "football-data.org emulator: sets the rate limit's state (tests)",
  'PUT /api/users/profile/odds-format':
    'Sets the odds format the user reads (decimal, fractional or American)',
  'GET /api/tipsters/{id}/record': "A tipster's whole record chain, for anyone to verify (JSON or CSV)",
  'GET /api/records/anchors': 'The daily Merkle roots over every record chain, newest first, paged',
  'GET /api/safer-gambling': "The signed-in user's spending limits, time-out and self-exclusion",
  'GET /api/admin/users/{id}/safer-gambling': "Admin: a user's safer-gambling state (read only)",
  'GET /api/notifications': "The signed-in user's notifications of followed tipsters' new tips, paged",
  'GET /api/notifications/unread-count': 'How many notifications are unread',
  'POST /api/notifications/{id}/read': 'Marks one notification read',
  'POST /api/notifications/read-all': 'Marks every notification read',
  'GET /api/alerts/settings': 'Alert email settings: the default and each followed tipster',
  'PUT /api/alerts/settings': 'Sets the default alert email mode (instant, daily digest or off)',
  'PUT /api/alerts/settings/tipsters/{id}': "Sets one followed tipster's alert email mode",
  'POST /api/alerts/unsubscribe': 'One-click unsubscribe from a signed link (RFC 8058), no login needed',
  'GET /api/alerts/unsubscribe': 'Opens the unsubscribe page for a signed link (changes nothing)',
};

/**
 * Rules between two parameters of one operation, which JSON Schema cannot state (it checks each
 * parameter alone): the document says them in the operation's description, with the message of
 * the 400 that enforces them (issue #32).
 */
export const CROSS_PARAMETER_RULES: Record<string, string> = {
  'GET /api/tips': `minPrice ≤ maxPrice; otherwise 400 "${MESSAGES.minPriceExceedsMax}".`,
};
