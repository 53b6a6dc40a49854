import type { PublishTipBody } from '@tips/contract';
import type { Tx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { findTipsterById, type TipRow } from './publishing.repo';
import { publishOnFixture, type TipsterPortalDeps } from './publishing.service';

/**
 * How an AI model publishes its own pick: the tipster portal's path (fixture checks, server
 * timestamp, plan delivery, audit) without a signed-in user; `afterInsert` records the pick's
 * model version in the same transaction (decision 071).
 */
export function createModelTipPublisher(deps: TipsterPortalDeps) {
  return async (
    tipsterId: number,
    body: PublishTipBody,
    afterInsert: (tx: Tx, tip: TipRow) => Promise<void>,
  ): Promise<number> => {
    const tipster = await findTipsterById(deps.db, tipsterId);
    if (!tipster) throw notFound();
    return publishOnFixture(deps, tipster, body, { actorUserId: null, afterInsert });
  };
}
