import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  MESSAGES,
  OkResponseSchema,
  RefreshBodySchema,
  RefreshResponseSchema,
  RegisterBodySchema,
  ResendVerificationBodySchema,
  ResetPasswordBodySchema,
  textInput,
  VerifyEmailBodySchema,
} from '@tips/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { requestLanguage } from '../../infra/mail/request-language';
import { errorResponses } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import { accountRateLimit, routeRateLimit } from '../../plugins/rate-limit';
import type { AccountsService } from './accounts.service';
import type { SessionsService } from './sessions.service';

/** The errors every accounts route may answer. */
export const accountErrors = errorResponses(400, 401, 409, 429);

/** Limits against guessing and abuse (per client IP unless said otherwise). */
export const ACCOUNT_RATE_LIMITS = {
  register: routeRateLimit(10, '1 hour'),
  loginPerIp: routeRateLimit(30, '15 minutes'),
  // Failed logins only, in one 15-minute window (decision 082): per account, whatever the
  // identifier (email or username) or the IP, and per client and account, checked first.
  loginPerAccount: { max: 10, timeWindow: '15 minutes' },
  loginPerClientAndAccount: { max: 5, timeWindow: '15 minutes' },
  refresh: routeRateLimit(120, '1 minute'),
  forgotPerIp: routeRateLimit(10, '15 minutes'),
  forgotPerEmail: { max: 3, timeWindow: '1 hour' },
  reset: routeRateLimit(20, '15 minutes'),
  verifyEmail: routeRateLimit(20, '15 minutes'),
  // Each one sends an email: a handful an hour per account is plenty for a lost or expired link.
  resendVerificationPerAccount: { max: 3, timeWindow: '1 hour' },
  resendVerificationPerIp: routeRateLimit(5, '15 minutes'),
  resendVerificationPerEmail: { max: 3, timeWindow: '1 hour' },
} as const;

const LogoutBodySchema = z
  .object({ RefreshToken: textInput().max(512).optional() })
  .nullish()
  .describe('Optional: the refresh token of the session to end; without it every session of the user ends.');

export interface AccountsRoutesDeps {
  accounts: AccountsService;
  sessions: SessionsService;
}

/** Registration, verification, login, refresh, logout and password recovery (SPEC §7). */
export async function accountsRoutes(app: AppInstance, { accounts, sessions }: AccountsRoutesDeps) {
  const publicAuth = { ignoreAccessToken: true };

  app.post(
    '/users/register',
    {
      config: { ...publicAuth, rateLimit: ACCOUNT_RATE_LIMITS.register },
      schema: {
        tags: ['users'],
        body: RegisterBodySchema,
        response: { 201: OkResponseSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      await accounts.register(request.body, request.ip, requestLanguage(request));
      return reply.code(201).send({ ok: true as const, message: MESSAGES.registered });
    },
  );

  app.post(
    '/users/email',
    {
      config: { ...publicAuth, rateLimit: ACCOUNT_RATE_LIMITS.verifyEmail },
      schema: {
        tags: ['users'],
        body: VerifyEmailBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await accounts.verifyEmail(request.body.code);
      return { ok: true as const, message: MESSAGES.emailVerified };
    },
  );

  const resendPerEmail = accountRateLimit(app, {
    name: 'resend-verification-by-email',
    ...ACCOUNT_RATE_LIMITS.resendVerificationPerEmail,
    account: (request) => (request.body as { Email?: string } | undefined)?.Email?.toLowerCase(),
  });
  app.post(
    '/users/resend-verification',
    {
      config: { ...publicAuth, rateLimit: ACCOUNT_RATE_LIMITS.resendVerificationPerIp },
      preHandler: resendPerEmail,
      schema: {
        tags: ['users'],
        summary: 'Send a new email-verification link to an account that is not verified yet',
        body: ResendVerificationBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await accounts.resendVerificationByEmail(request.body.Email);
      return { ok: true as const, message: MESSAGES.verificationResent };
    },
  );

  const resendPerAccount = accountRateLimit(app, {
    name: 'resend-verification',
    ...ACCOUNT_RATE_LIMITS.resendVerificationPerAccount,
    account: (request) => (request.user ? String(request.user.id) : undefined),
  });
  app.post(
    '/users/email/resend',
    {
      preHandler: [app.requireUser, resendPerAccount],
      config: { rateLimit: ACCOUNT_RATE_LIMITS.verifyEmail },
      schema: {
        tags: ['users'],
        summary: 'Mails a new email-verification link to the signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const sent = await accounts.resendVerification(authUser(request).id);
      return {
        ok: true as const,
        message: sent ? MESSAGES.verificationEmailSent : MESSAGES.emailAlreadyVerified,
      };
    },
  );

  app.post(
    '/users/login',
    {
      // Per IP here; per account and per client-and-account in the service (it knows the account).
      config: { ...publicAuth, rateLimit: ACCOUNT_RATE_LIMITS.loginPerIp },
      schema: {
        tags: ['users'],
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const pair = await accounts.login(request.body, request.ip);
      return { Tokens: { access_token: pair.accessToken, refresh_token: pair.refreshToken } };
    },
  );

  app.post(
    '/users/refresh',
    {
      config: { ...publicAuth, rateLimit: ACCOUNT_RATE_LIMITS.refresh },
      schema: {
        tags: ['users'],
        body: RefreshBodySchema,
        response: { 200: RefreshResponseSchema, ...accountErrors },
      },
    },
    async (request) => sessions.refresh(request.body.RefreshToken),
  );

  app.post(
    '/users/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        body: LogoutBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await sessions.logout(authUser(request).id, request.body?.RefreshToken);
      return { ok: true as const };
    },
  );

  const forgotPerEmail = accountRateLimit(app, {
    name: 'forgot-password',
    ...ACCOUNT_RATE_LIMITS.forgotPerEmail,
    account: (request) => (request.body as { Email?: string } | undefined)?.Email,
  });
  app.post(
    '/users/forgot-password',
    {
      config: { ...publicAuth, rateLimit: ACCOUNT_RATE_LIMITS.forgotPerIp },
      preHandler: forgotPerEmail,
      schema: {
        tags: ['users'],
        body: ForgotPasswordBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.Email);
      return { ok: true as const, message: MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { ...publicAuth, rateLimit: ACCOUNT_RATE_LIMITS.reset },
      schema: {
        tags: ['users'],
        body: ResetPasswordBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.Code, request.body.NewPassword);
      return { ok: true as const, message: MESSAGES.passwordReset };
    },
  );
}
