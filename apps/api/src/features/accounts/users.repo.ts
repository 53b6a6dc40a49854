import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { releasedUsernames, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const lower = (value: string) => value.toLowerCase();

/** By username or email, case-insensitively (usernames cannot contain '@', so the two never clash). */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const value = lower(login);
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${lower(email)}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Which of the two unique identities are already held by someone other than `exceptUserId`. */
export async function findTakenIdentities(
  db: DbOrTx,
  identity: { username: string; email: string },
  exceptUserId?: number,
  now: Date = new Date(),
): Promise<{ usernameTaken: boolean; emailTaken: boolean }> {
  // An erased account's username stays reserved for 30 days (issue #20): nobody can pose as them.
  const [released] = await db
    .select({ username: releasedUsernames.usernameLower })
    .from(releasedUsernames)
    .where(
      and(
        eq(releasedUsernames.usernameLower, lower(identity.username)),
        sql`${releasedUsernames.reusableAt} > ${now}`,
      ),
    );
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(
          sql`lower(${users.username}) = ${lower(identity.username)}`,
          sql`lower(${users.email}) = ${lower(identity.email)}`,
        ),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  return {
    usernameTaken: released !== undefined || rows.some((r) => lower(r.username) === lower(identity.username)),
    emailTaken: rows.some((r) => lower(r.email) === lower(identity.email)),
  };
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** Only the columns a user may change about themselves; roles, balance and verification are not among them. */
export interface ProfileFields {
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  country: string;
  pendingEmail: string | null;
  /** The site language the profile was saved from: the user's emails follow it. */
  language: string;
}

export async function updateProfileFields(
  db: DbOrTx,
  userId: number,
  fields: ProfileFields,
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      firstName: fields.firstName,
      lastName: fields.lastName,
      username: fields.username,
      phone: fields.phone,
      country: fields.country,
      pendingEmail: fields.pendingEmail,
      language: fields.language,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function updatePasswordHash(db: DbOrTx, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

/** The address was proven: it becomes the account's email (a pending change is completed). */
export async function setVerifiedEmail(db: DbOrTx, userId: number, email: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email,
      emailVerified: true,
      pendingEmail: sql`case when lower(${users.pendingEmail}) = ${lower(email)} then null else ${users.pendingEmail} end`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

export async function setProfileImage(db: DbOrTx, userId: number, file: string, now: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ profileImage: file, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return taken !== undefined;
}

export async function setUserRoles(db: DbOrTx, userId: number, roles: string[], now: Date): Promise<void> {
  await db.update(users).set({ roles, updatedAt: now }).where(sql`${users.id} = ${userId}`);
}

/** Processes starting together create the bootstrap admin once: a transaction-scoped advisory lock. */
export async function lockBootstrapAdmin(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tips:bootstrap-admin'))`);
}

/** The odds-format preference (issue #20 point 4); an erased account is left as it is. */
export async function updateOddsFormat(
  db: DbOrTx,
  userId: number,
  oddsFormat: 'DECIMAL' | 'FRACTIONAL' | 'AMERICAN',
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ oddsFormat, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
}
