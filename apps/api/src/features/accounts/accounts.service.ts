import {
  FALLBACK_LANGUAGE,
  type Language,
  type LoginBody,
  MESSAGES,
  RESET_CODE_TTL_MINUTES,
  type RegisterBody,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../../infra/mail/outbox.repo';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  emailChangedNotice,
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
} from './account-emails';
import { isUniqueViolation } from './db-errors';
import type { FailureCounter } from './login-failures';
import { issueCode, redeemCode } from './one-time-codes';
import { checkPasswordPolicy, hashPassword, type PasswordProblem, verifyPassword } from './passwords';
import type { RecaptchaVerifier } from './recaptcha';
import type { SessionsService, TokenPair } from './sessions.service';
import {
  findTakenIdentities,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
  setVerifiedEmail,
  type UserRow,
  updatePasswordHash,
} from './users.repo';

export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another one.';
export const VERIFY_CODE_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_CODE_TTL_MS = RESET_CODE_TTL_MINUTES * 60 * 1000;

export function passwordProblemMessage(problem: PasswordProblem): string {
  if (problem === 'tooShort') return MESSAGES.passwordTooShort;
  if (problem === 'tooLong') return MESSAGES.passwordTooLong;
  return PASSWORD_TOO_COMMON;
}

export function assertPasswordPolicy(password: string, context: string[] = []): void {
  const problem = checkPasswordPolicy(password, context);
  if (problem) throw badRequest(passwordProblemMessage(problem));
}

/** Failed-login budgets in one window (decision 082); the route's per-IP limit comes first. */
export const LOGIN_FAILURE_LIMITS = {
  perAccount: 10,
  perClientAndAccount: 5,
  windowMs: 15 * 60_000,
} as const;

export interface AccountsServiceDeps {
  db: Db;
  loginFailures: FailureCounter;
  clock: Clock;
  publicUrl: string;
  sessions: Pick<SessionsService, 'startSession' | 'revokeAllSessions'>;
  recaptcha: RecaptchaVerifier;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Registration, email verification, login and password recovery. */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, clock } = deps;
  const link = (route: string, code: string) => `${deps.publicUrl}/${route}/${encodeURIComponent(code)}`;

  async function takenMessages(identity: { username: string; email: string }, exceptUserId?: number) {
    const taken = await findTakenIdentities(db, identity, exceptUserId, clock.now());
    return [
      ...(taken.usernameTaken ? [MESSAGES.usernameTaken] : []),
      ...(taken.emailTaken ? [MESSAGES.emailTaken] : []),
    ];
  }

  /**
   * `language` is the site language the form was sent from (the Host's subdomain, see
   * requestLanguage); it is stored on the account and every email to the user is written in it.
   */
  async function register(
    body: RegisterBody,
    remoteIp?: string,
    language: Language = FALLBACK_LANGUAGE,
  ): Promise<void> {
    if (!(await deps.recaptcha.verify(body.RecaptchaToken, 'signup', remoteIp))) {
      throw badRequest(MESSAGES.recaptchaFailed);
    }
    assertPasswordPolicy(body.Password, [body.Username, body.Email]);
    const identity = { username: body.Username, email: body.Email };
    const taken = await takenMessages(identity);
    if (taken.length > 0) throw conflict(taken);

    const passwordHash = await hashPassword(body.Password);
    const now = clock.now();
    try {
      await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          username: body.Username,
          email: body.Email,
          passwordHash,
          firstName: body.FirstName,
          lastName: body.LastName,
          phone: body.Mobile,
          country: body.Country,
          referralCode: body.ReferralCode || null,
          language,
          ageConfirmedAt: now,
          termsAcceptedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        const code = await issueCode(tx, {
          userId: user.id,
          purpose: 'verify_email',
          targetEmail: user.email,
          ttlMs: VERIFY_CODE_TTL_MS,
          now,
        });
        await enqueueEmail(
          tx,
          verificationEmail(user.email, user.firstName, link('verify-email', code), user.language),
        );
      });
    } catch (error) {
      // Someone took the name or address between our check and our insert.
      if (isUniqueViolation(error)) throw conflict(await takenMessages(identity));
      throw error;
    }
  }

  /**
   * Mails a new verification link (the older one dies), for a signed-in user who lost the first or
   * let it expire; buying needs a verified address (issue #19.9). False when already verified.
   */
  /** A new verification link for the signed-in user; false when the address is already verified. */
  async function resendVerification(userId: number): Promise<boolean> {
    const user = await findUserById(db, userId);
    if (!user || user.emailVerified) return false;
    await mailVerificationLink(user);
    return true;
  }

  async function mailVerificationLink(user: UserRow): Promise<void> {
    await mailCodeLink(user, 'verify_email', VERIFY_CODE_TTL_MS, (url) =>
      verificationEmail(user.email, user.firstName, url, user.language),
    );
  }

  /** A one-time code for the user and the email carrying its link, in one transaction. */
  async function mailCodeLink(
    user: UserRow,
    purpose: 'verify_email' | 'reset_password',
    ttlMs: number,
    email: (url: string) => Parameters<typeof enqueueEmail>[1],
  ): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const code = await issueCode(tx, { userId: user.id, purpose, targetEmail: user.email, ttlMs, now });
      await enqueueEmail(
        tx,
        email(link(purpose === 'verify_email' ? 'verify-email' : 'reset-password', code)),
      );
    });
  }

  /** Confirms the account's address, or completes a pending change to a new one. */
  async function verifyEmail(code: string): Promise<void> {
    const now = clock.now();
    try {
      const ok = await db.transaction(async (tx) => {
        const used = await redeemCode(tx, code, 'verify_email', now);
        if (!used) return false;
        const user = await findUserById(tx, used.userId);
        const target = used.targetEmail ?? user?.email;
        if (!user || !target) return false;
        const isCurrent = target.toLowerCase() === user.email.toLowerCase();
        // A code for an address the user has since abandoned (or replaced) changes nothing.
        if (!isCurrent && target.toLowerCase() !== user.pendingEmail?.toLowerCase()) return false;
        await setVerifiedEmail(tx, user.id, target, now);
        if (!isCurrent)
          await enqueueEmail(tx, emailChangedNotice(user.email, user.firstName, target, user.language));
        return true;
      });
      if (ok) return;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
      throw error;
    }
    throw badRequest(MESSAGES.verifyCodeInvalid);
  }

  /**
   * A new verification link for an account whose address is not confirmed yet (the old link was lost,
   * used up or expired). Always the same answer to the caller, so it tells nobody which addresses
   * have accounts; the route limits how often it can be asked.
   */
  /** The same, asked for by address (the verify-email page): silent whether or not it exists. */
  async function resendVerificationByEmail(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (user && !user.emailVerified) await mailVerificationLink(user);
  }

  /**
   * Any failure answers 'Invalid username or password' after one argon2 verification, real or
   * against a dummy hash, so neither the answer nor its timing tells whether the account exists.
   * An unverified email may log in (docs/decisions/010-unverified-email-login.md).
   */
  async function login(body: LoginBody, remoteIp?: string): Promise<TokenPair> {
    if (!(await deps.recaptcha.verify(body.RecaptchaToken, 'login', remoteIp))) {
      throw badRequest(MESSAGES.recaptchaFailed);
    }
    const user = await findUserByLogin(db, body.Username);
    // The account, however it was named (email or username, any case); an unknown name counts alone.
    const account = user ? `user:${user.id}` : `name:${body.Username.trim().toLowerCase()}`;
    const client = `${account}:ip:${remoteIp ?? ''}`;
    const [accountFailures, clientFailures] = await deps.loginFailures.read([account, client]);
    // A client that guessed wrong here five times waits. An account guessed at ten times only takes
    // clients with a clean record on it: the owner still signs in, a botnet gets one try per address.
    if (clientFailures >= LOGIN_FAILURE_LIMITS.perClientAndAccount) {
      throw tooManyRequests(await deps.loginFailures.retryAfterSeconds(client));
    }
    if (accountFailures >= LOGIN_FAILURE_LIMITS.perAccount && clientFailures > 0) {
      throw tooManyRequests(await deps.loginFailures.retryAfterSeconds(account));
    }
    const ok = await verifyPassword(user?.passwordHash, body.Password);
    if (!user || !ok) {
      await deps.loginFailures.add([account, client]);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    return deps.sessions.startSession({ id: user.id, roles: user.roles });
  }

  /** Always the same answer; only a real account gets an email. */
  async function forgotPassword(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    await mailCodeLink(user, 'reset_password', RESET_CODE_TTL_MS, (url) =>
      passwordResetEmail(user.email, user.firstName, url, user.language),
    );
  }

  /** Single use (even under parallel submissions), ends every session, and tells the owner. */
  async function resetPassword(code: string, newPassword: string): Promise<void> {
    assertPasswordPolicy(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const now = clock.now();
    const ok = await db.transaction(async (tx) => {
      const used = await redeemCode(tx, code, 'reset_password', now);
      if (!used) return false;
      const user = await findUserById(tx, used.userId);
      if (!user) return false;
      await updatePasswordHash(tx, user.id, passwordHash, now);
      // The link reached the inbox, which proves the address as well as a verification would.
      if (
        used.targetEmail &&
        used.targetEmail.toLowerCase() === user.email.toLowerCase() &&
        !user.emailVerified
      ) {
        await setVerifiedEmail(tx, user.id, user.email, now);
      }
      await deps.sessions.revokeAllSessions(tx, user.id, 'password_reset');
      await enqueueEmail(tx, passwordChangedEmail(user.email, user.firstName, 'reset', user.language));
      return true;
    });
    if (ok) return;
    throw badRequest(MESSAGES.resetCodeInvalid);
  }

  return {
    register,
    verifyEmail,
    resendVerification,
    resendVerificationByEmail,
    login,
    forgotPassword,
    resetPassword,
    takenMessages,
  };
}
