import {
  MESSAGES,
  type TipsterApplication,
  type TipsterApplicationBody,
  TRIAL_CATEGORY,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { conflict, emailNotVerified, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/audit.repo';
import { isUniqueViolation } from './db-errors';
import {
  findTipsterIdOfUser,
  insertApplicantTipster,
  isTipsterNameTaken,
  type TipsterRow,
} from './tipster-applications.repo';
import { lockUser, setUserRoles } from './users-admin.repo';
import { normalizeRoles } from './users-admin.service';

export interface TipsterApplicationsDeps {
  db: Db;
  clock: Clock;
  /** Runs after a commit that changed what the public catalogue shows; must not throw. */
  onCatalogueChanged: () => Promise<void>;
}

export type TipsterApplicationsService = ReturnType<typeof createTipsterApplicationsService>;

function toApplication(tipster: TipsterRow): TipsterApplication {
  return {
    tipsterId: tipster.id,
    displayName: tipster.name,
    category: tipster.category,
    country: tipster.location,
    markets: tipster.markets,
    charterAcceptedAt: (tipster.charterAcceptedAt ?? tipster.createdAt).toISOString(),
  };
}

/**
 * Becoming a tipster (issue #28 part 1, decision 140). A verified member who accepts the charter is
 * a trial (Novice) tipster at once: a public profile that publishes free tips only, and the tipster
 * role in the same transaction (roles are read per request, decision 081, so the portal opens on
 * the next call). One account, one tipster: the user row is locked and tipsters.user_id is unique.
 */
export function createTipsterApplicationsService(deps: TipsterApplicationsDeps) {
  const { db, clock } = deps;

  async function apply(userId: number, body: TipsterApplicationBody): Promise<TipsterApplication> {
    const now = clock.now();
    let tipster: TipsterRow;
    try {
      tipster = await db.transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        if (!user) throw notFound(MESSAGES.notFound);
        if (!user.emailVerified) throw emailNotVerified();
        if (user.roles.includes('tipster') || (await findTipsterIdOfUser(tx, userId)) !== null) {
          throw conflict(MESSAGES.alreadyTipster);
        }
        if (await isTipsterNameTaken(tx, body.displayName)) throw conflict(MESSAGES.tipsterNameTaken);
        const created = await insertApplicantTipster(tx, {
          userId,
          name: body.displayName,
          category: TRIAL_CATEGORY,
          location: body.country,
          bio: body.bio,
          markets: body.markets,
          charterAcceptedAt: now,
          createdAt: now,
        });
        await setUserRoles(tx, userId, normalizeRoles([...user.roles, 'tipster']), now);
        await writeAudit(tx, {
          actorUserId: userId,
          action: 'tipster.apply',
          entity: 'tipster',
          entityId: created.id,
          after: {
            name: created.name,
            category: created.category,
            location: created.location,
            markets: created.markets,
            charterAcceptedAt: now.toISOString(),
          },
          now,
        });
        return created;
      });
    } catch (error) {
      // Two applications racing past the checks: the unique indexes decide, the loser gets a 409.
      if (isUniqueViolation(error)) {
        const ownsOne = (await findTipsterIdOfUser(db, userId)) !== null;
        throw conflict(ownsOne ? MESSAGES.alreadyTipster : MESSAGES.tipsterNameTaken);
      }
      throw error;
    }
    await deps.onCatalogueChanged();
    return toApplication(tipster);
  }

  return { apply };
}
