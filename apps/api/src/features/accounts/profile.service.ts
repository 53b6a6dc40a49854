import {
  type ChangePasswordBody,
  FALLBACK_LANGUAGE,
  fromCents,
  type Language,
  MESSAGES,
  type ProfileUpdateBody,
  type UserProfile,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../../infra/mail/outbox.repo';
import { badRequest, conflict, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { passwordChangedEmail, verificationEmail } from './account-emails';
import { assertPasswordPolicy, VERIFY_CODE_TTL_MS } from './accounts.service';
import { isUniqueViolation } from './db-errors';
import { issueCode } from './one-time-codes';
import { hashPassword, verifyPassword } from './passwords';
import { profileImageUrl } from './profile-image-files';
import type { SessionsService, TokenPair } from './sessions.service';
import {
  findTakenIdentities,
  findUserById,
  type UserRow,
  updatePasswordHash,
  updateProfileFields,
} from './users.repo';

export interface ProfileServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  sessions: Pick<SessionsService, 'startSession' | 'revokeAllSessions'>;
}

export type ProfileService = ReturnType<typeof createProfileService>;

const KNOWN_ROLES = new Set(['user', 'tipster', 'admin']);

export function toUserProfile(user: UserRow): UserProfile {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    phone: user.phone,
    country: user.country,
    memberSince: user.createdAt.toISOString(),
    creditBalance: fromCents(user.creditBalance),
    profileImage: profileImageUrl(user.profileImage),
    emailVerified: user.emailVerified,
    roles: user.roles.filter((role) => KNOWN_ROLES.has(role)) as UserProfile['roles'],
    oddsFormat: user.oddsFormat,
  };
}

/** The signed-in user's own account: read, edit (with the current password), change password. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { db, clock } = deps;

  async function loadUser(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    // The token outlived its account (deleted, or erased at its owner's request).
    if (!user || user.deletedAt) throw unauthorized();
    return user;
  }

  async function assertCurrentPassword(user: UserRow, password: string): Promise<void> {
    // 400, not 401: a 401 would make the web client refresh and retry, then log the user out.
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(MESSAGES.currentPasswordWrong);
  }

  async function getProfile(userId: number): Promise<UserProfile> {
    return toUserProfile(await loadUser(userId));
  }

  /**
   * Only the listed fields are read from the body (the schema strips the rest), so role, balance
   * or verification cannot be set here. A new email stays pending, and the old one in use, until
   * the link sent to the new address is opened. Saving the profile from a language subdomain also
   * makes that the language of the user's emails (the one they are using now); reading it does not.
   */
  async function updateProfile(
    userId: number,
    body: ProfileUpdateBody,
    language: Language = FALLBACK_LANGUAGE,
  ): Promise<UserRow> {
    const user = await loadUser(userId);
    await assertCurrentPassword(user, body.currentPassword);
    const emailChanges = body.email.toLowerCase() !== user.email.toLowerCase();
    const taken = await findTakenIdentities(
      db,
      { username: body.username, email: body.email },
      user.id,
      clock.now(),
    );
    const messages = [
      ...(taken.usernameTaken ? [MESSAGES.usernameTaken] : []),
      ...(emailChanges && taken.emailTaken ? [MESSAGES.emailTaken] : []),
    ];
    if (messages.length > 0) throw conflict(messages);

    const now = clock.now();
    try {
      return await db.transaction(async (tx) => {
        const updated = await updateProfileFields(
          tx,
          user.id,
          {
            firstName: body.firstName,
            lastName: body.lastName,
            username: body.username,
            phone: body.phone,
            country: body.country,
            pendingEmail: emailChanges ? body.email : null,
            language,
          },
          now,
        );
        // Saving the same new address again re-sends the link (the route is rate limited).
        if (emailChanges) {
          const code = await issueCode(tx, {
            userId: user.id,
            purpose: 'verify_email',
            targetEmail: body.email,
            ttlMs: VERIFY_CODE_TTL_MS,
            now,
          });
          const link = `${deps.publicUrl}/verify-email/${encodeURIComponent(code)}`;
          await enqueueEmail(tx, verificationEmail(body.email, body.firstName, link, language));
        }
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken);
      throw error;
    }
  }

  /**
   * Ends every session (a thief holding a refresh token is out) and opens a fresh one for the
   * caller, returned so the current tab stays signed in.
   */
  async function changePassword(userId: number, body: ChangePasswordBody): Promise<TokenPair> {
    const user = await loadUser(userId);
    await assertCurrentPassword(user, body.currentPassword);
    assertPasswordPolicy(body.newPassword, [user.username, user.email]);
    const passwordHash = await hashPassword(body.newPassword);
    return db.transaction(async (tx) => {
      await updatePasswordHash(tx, user.id, passwordHash, clock.now());
      await deps.sessions.revokeAllSessions(tx, user.id, 'password_changed');
      await enqueueEmail(tx, passwordChangedEmail(user.email, user.firstName, 'changed', user.language));
      return deps.sessions.startSession({ id: user.id, roles: user.roles }, tx);
    });
  }

  return { getProfile, updateProfile, changePassword };
}
