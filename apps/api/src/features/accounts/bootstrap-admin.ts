import type { AppConfig } from '../../config/env';
import type { Database, DbOrTx } from '../../db/client';
import { hasAuditEntry, writeAudit } from '../audit/audit.repo';
import { hashPassword } from './passwords';
import { findUserByEmail, insertUser, isUsernameTaken, lockBootstrapAdmin, setUserRoles } from './users.repo';
import { normalizeRoles } from './users-admin.service';

export type BootstrapAdminOutcome = 'disabled' | 'created' | 'promoted' | 'already-admin' | 'done-before';

const ACTION = 'user.bootstrap_admin';
const ENTITY = 'bootstrap_admin';

/**
 * The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD: created when no account has that email, or
 * promoted when one has. Once: the audit log remembers it, so a restart never resets the password
 * or undoes a later demotion, and processes starting together agree through an advisory lock.
 * server.ts calls it after migrating.
 */
export async function ensureBootstrapAdmin(
  database: Database,
  config: Pick<AppConfig, 'admin'>,
  log: (message: string) => void,
  now: Date = new Date(),
): Promise<BootstrapAdminOutcome> {
  if (!config.admin) return 'disabled';
  const email = config.admin.email.trim();
  const key = email.toLowerCase();
  // Hashed before the transaction: the lock is held for milliseconds, not for argon2.
  const passwordHash = await hashPassword(config.admin.password);
  const outcome = await database.db.transaction(async (tx): Promise<BootstrapAdminOutcome> => {
    await lockBootstrapAdmin(tx);
    if (await hasAuditEntry(tx, ACTION, ENTITY, key)) return 'done-before';
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      const roles = normalizeRoles([...existing.roles, 'admin']);
      const isAdmin = existing.roles.includes('admin');
      if (!isAdmin) await setUserRoles(tx, existing.id, roles, now);
      await writeAudit(tx, {
        actorUserId: null,
        action: ACTION,
        entity: ENTITY,
        entityId: key,
        before: { userId: existing.id, roles: existing.roles },
        after: { userId: existing.id, roles },
        reason: 'ADMIN_EMAIL at start-up',
        now,
      });
      return isAdmin ? 'already-admin' : 'promoted';
    }
    const created = await insertUser(tx, {
      username: await freeUsername(tx, email),
      email,
      passwordHash,
      firstName: 'Admin',
      lastName: '',
      phone: '',
      country: '',
      roles: ['user', 'admin'],
      emailVerified: true,
      ageConfirmedAt: now,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await writeAudit(tx, {
      actorUserId: null,
      action: ACTION,
      entity: ENTITY,
      entityId: key,
      after: { userId: created.id, username: created.username, roles: created.roles },
      reason: 'ADMIN_EMAIL at start-up',
      now,
    });
    return 'created';
  });
  if (outcome === 'created') log(`bootstrap admin: created an admin account for ${email}`);
  if (outcome === 'promoted') log(`bootstrap admin: ${email} is now an admin`);
  return outcome;
}

/** The email's local part as a valid username (3–32 of letters, digits, . _ -), made unique. */
async function freeUsername(db: DbOrTx, email: string): Promise<string> {
  const cleaned = email
    .split('@')[0]
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, 26);
  const base = cleaned.length >= 3 ? cleaned : 'admin';
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
}
