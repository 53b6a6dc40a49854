import { MESSAGES, type Role } from '@tips/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { emailNotVerified, forbidden, unauthorized } from '../lib/app-error';
import type { AccessTokenService } from '../lib/tokens';

/**
 * Reads the optional `Authorization: Bearer <access token>` into `request.user`.
 *
 * A token that is present but invalid or expired answers 401 on every API route, public ones
 * included, so the web client refreshes and retries (SPEC §4). Routes that must work with a stale
 * token in the header (login, register, refresh, password reset, the PayPal emulator, which
 * receives PayPal-style bearer tokens) declare `config: { ignoreAccessToken: true }`.
 *
 * Guards, as hooks:
 *   app.get('/x', { preHandler: app.requireUser }, …)
 *   app.post('/y', { preHandler: app.requireRole('admin') }, …)
 * and in a guarded handler `authUser(request)` gives the non-null user.
 */

export interface AuthUser {
  id: number;
  roles: string[];
  /** Read with the session on every request: buying needs it (requireVerifiedEmail). */
  emailVerified: boolean;
  /** The session (refresh-token family) the access token belongs to: a hand-off code is bound to it. */
  sessionId: string;
}

export type GuardHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** 401 unless a valid access token was sent. */
    requireUser: GuardHook;
    /** 401 without a user, 403 unless the user has one of the roles. */
    requireRole: (...roles: [Role, ...Role[]]) => GuardHook;
    /**
     * 403 EMAIL_NOT_VERIFIED for a signed-in user whose email is not verified yet; visitors pass
     * (routes open to them check their own way). Every purchase and payment request uses it.
     */
    requireVerifiedEmail: GuardHook;
  }
  interface FastifyContextConfig {
    /** The route never looks at the bearer token; a stale one does not fail the request. */
    ignoreAccessToken?: boolean;
  }
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-_.]+)[ \t]*$/i;

/** Guards that answer 401 without a token: their routes are documented as secured (OpenAPI). */
const needsToken = new WeakSet<object>();
const BEARER_SECURITY = [{ bearerAuth: [] }];

/** Documents every route registered in `scope` from now on as needing a bearer token. */
export function markSecured(scope: Pick<FastifyInstance, 'addHook'>): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: route.schema?.security ?? BEARER_SECURITY };
  });
}

export interface AuthPluginOptions {
  accessTokens: Pick<AccessTokenService, 'verify'>;
  /**
   * The user's roles now, or null once the token's session ended. A signature alone is not enough
   * (decision 081): logout, a password change or reset, refresh-token reuse and a role change
   * take effect on the next request, not when the 15-minute token expires.
   */
  liveSession: (
    userId: number,
    sessionId: string,
  ) => Promise<{ roles: string[]; emailVerified: boolean } | null>;
}

const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { accessTokens, liveSession }) => {
  app.decorateRequest('user', null);

  const authenticate = async (request: FastifyRequest, header: string) => {
    const token = BEARER.exec(header)?.[1];
    const claims = token ? await accessTokens.verify(token) : null;
    if (!claims) throw unauthorized(MESSAGES.sessionExpired);
    const session = await liveSession(claims.userId, claims.sessionId);
    if (!session) throw unauthorized(MESSAGES.sessionExpired);
    request.user = {
      id: claims.userId,
      roles: session.roles,
      emailVerified: session.emailVerified,
      sessionId: claims.sessionId,
    };
  };

  // A callback hook, not an async one: most requests carry no token, and those should not pay
  // for a promise and a microtask turn to learn that (docs/decisions/041-catalogue-fast-path.md).
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (header === undefined || !request.url.startsWith('/api/')) return done();
    if (request.routeOptions.config?.ignoreAccessToken) return done();
    authenticate(request, header).then(() => done(), done);
  });

  const requireUser: GuardHook = async (request) => {
    if (!request.user) throw unauthorized();
  };
  app.decorate('requireUser', requireUser);
  needsToken.add(requireUser);

  // A route guarded by requireUser or requireRole is documented as secured, so the OpenAPI
  // document cannot drift from the server (issue #19.10).
  app.addHook('onRoute', (route) => {
    const guards = [route.preHandler, route.onRequest].flat().filter(Boolean) as object[];
    if (!guards.some((guard) => needsToken.has(guard)) || route.schema?.security) return;
    route.schema = { ...route.schema, security: BEARER_SECURITY };
  });

  const requireVerifiedEmail: GuardHook = async (request) => {
    if (request.user && !request.user.emailVerified) throw emailNotVerified();
  };
  app.decorate('requireVerifiedEmail', requireVerifiedEmail);

  app.decorate('requireRole', (...roles: [Role, ...Role[]]): GuardHook => {
    const guard: GuardHook = async (request) => {
      if (!request.user) throw unauthorized();
      if (!request.user.roles.some((role) => (roles as string[]).includes(role))) throw forbidden();
    };
    needsToken.add(guard);
    return guard;
  });
};

/** The signed-in user in a handler guarded by requireUser/requireRole. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });
