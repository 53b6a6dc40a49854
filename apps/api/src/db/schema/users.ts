import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts. Username and email are unique case-insensitively (one account per person). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** A new address waiting for verification; the old one stays in use until then. */
    pendingEmail: text('pending_email'),
    profileImage: text('profile_image'),
    /** Cached sum of the user's ledger entries, in hundredths of a credit. */
    creditBalance: bigint('credit_balance', { mode: 'number' }).notNull().default(0),
    /**
     * Credits still owed after a PayPal refund or reversal took back more than the balance held
     * (cached sum of the open credit_debts); purchases are refused while it is above zero.
     */
    creditDebt: bigint('credit_debt', { mode: 'number' }).notNull().default(0),
    referralCode: text('referral_code'),
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }).notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    language: text('language').notNull().default('en'),
    /** How the user reads odds (issue #20): DECIMAL, FRACTIONAL or AMERICAN. */
    oddsFormat: text('odds_format', { enum: ['DECIMAL', 'FRACTIONAL', 'AMERICAN'] })
      .notNull()
      .default('DECIMAL'),
    /** Set when the account was erased at its owner's request; the row stays, anonymised. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    check('users_credit_balance_non_negative', sql`${t.creditBalance} >= 0`),
    check('users_credit_debt_non_negative', sql`${t.creditDebt} >= 0`),
  ],
);

/** One login session; every refresh rotates the token inside the family. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('refresh_families_user_idx').on(t.userId)],
);

/** Refresh tokens are stored only as SHA-256 hashes. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged; a later use of it is a replay (within a short grace window it is a concurrent tab). */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    replacedByHash: text('replaced_by_hash'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Email-verification and password-reset codes: random, hashed, single use, limited attempts. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'language_handoff'] }).notNull(),
    codeHash: text('code_hash').notNull().unique(),
    targetEmail: text('target_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The session (refresh-token family) that asked for a language hand-off code: the code dies with
     * it (logout, password change or reset, reuse), so a hand-off never outlives its session.
     */
    sessionId: uuid('session_id').references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    index('one_time_codes_session_idx').on(t.sessionId).where(sql`${t.sessionId} is not null`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id),
  },
  (t) => [index('contact_messages_open_idx').on(t.createdAt).where(sql`${t.handledAt} is null`)],
);
