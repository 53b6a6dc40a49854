import {
  eventText,
  GENESIS_HASH,
  type RecordExport,
  sha256Hex,
  verifyRecord,
} from '@tips/contract/record-verify';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import { createSettleTipRepo } from '../tips/settlement/settle-tip.repo';

/**
 * An attacker with database access: runs `work` with every trigger off for its transaction
 * (session_replication_role = replica also skips foreign keys), as a superuser could.
 */
export async function asAttacker(
  database: Database,
  work: (exec: (q: ReturnType<typeof sql>) => Promise<unknown>) => Promise<void>,
) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work((q) => tx.execute(q));
  });
}

export async function exportOf(test: TestApp, tipsterId: number, headers: Record<string, string> = {}) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/tipsters/${tipsterId}/record`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${response.body}`);
  return response.json() as RecordExport;
}

/**
 * A tipster with a record to attack: four settled tips (a win at 2.10 staking 2, a loss, a half
 * win at 1.90, a void), one corrected from a loss to a win, all before the test clock's now.
 */
export async function tipsterWithHistory(test: TestApp) {
  const db = test.database.db;
  const tipster = await createTipster(db);
  const day = (n: number) => new Date(test.clock.now().getTime() - (10 - n) * 86_400_000);
  const win = await createSettledTip(db, {
    tipsterId: tipster.id,
    result: 'WIN',
    eventTime: day(1),
    oddsHundredths: 210,
    stake: 2,
  });
  const loss = await createSettledTip(db, { tipsterId: tipster.id, result: 'LOSS', eventTime: day(2) });
  const halfWin = await db.transaction(async (tx) => {
    const tip = await createTip(tx, {
      tipsterId: tipster.id,
      eventTime: day(3),
      now: new Date(day(3).getTime() - 3_600_000),
      oddsHundredths: 190,
      selection: 'Home -0.25',
    });
    return createSettleTipRepo(tx).settleTip({
      tipId: tip.id,
      outcome: 'HALF_WIN',
      resultDetails: 'FT 1-0',
      settledBy: null,
      now: new Date(day(3).getTime() + 7_200_000),
    });
  });
  const voided = await createSettledTip(db, { tipsterId: tipster.id, result: 'VOID', eventTime: day(4) });
  const corrected = await createSettledTip(db, {
    tipsterId: tipster.id,
    result: 'LOSS',
    eventTime: day(5),
    oddsHundredths: 250,
  });
  await db.transaction((tx) =>
    createSettleTipRepo(tx).correctSettlement({
      tipId: corrected.id,
      result: 'WIN',
      resultDetails: 'FT 2-1 (corrected)',
      settledBy: null,
      now: new Date(day(5).getTime() + 86_400_000),
    }),
  );
  // Units: +2×1.10, −1, +0.90/2, 0, +1.50 (the corrected win).
  return { tipster, win, loss, halfWin, voided, corrected, profitThousandths: 2200 - 1000 + 450 + 0 + 1500 };
}

/**
 * A consistent rewrite of history: the attacker changes settlement outcomes in `edit` and recomputes every hash
 * after them, so the chain verifies again. Only an anchor kept from before can show it.
 */
export async function rewriteChain(
  database: Database,
  record: RecordExport,
  edit: (events: RecordExport['events']) => void,
) {
  const events = record.events.map((e) => ({ ...e }));
  edit(events);
  let prev = GENESIS_HASH;
  for (const event of events) {
    event.prevHash = prev;
    event.hash = await sha256Hex(`${prev}\n${eventText(record.tipster.id, event)}`);
    prev = event.hash;
  }
  const resultOf = (o: string) => (o.endsWith('WIN') ? 'WIN' : o.endsWith('LOSS') ? 'LOSS' : 'VOID');
  await asAttacker(database, async (exec) => {
    for (const e of events) {
      if (e.kind !== 'published' && e.outcome) {
        await exec(
          sql`update record_events set outcome = ${e.outcome} where tipster_id = ${record.tipster.id} and seq = ${e.seq}`,
        );
        await exec(
          sql`update tips set outcome = ${e.outcome}, result = ${resultOf(e.outcome)} where id = ${e.tipId}`,
        );
      }
      await exec(sql`update record_events set prev_hash = ${e.prevHash}, hash = ${e.hash}
        where tipster_id = ${record.tipster.id} and seq = ${e.seq}`);
    }
    await exec(sql`update record_heads set hash = ${prev} where tipster_id = ${record.tipster.id}`);
  });
  return verifyRecord({ ...record, events, head: { seq: events.length, hash: prev } });
}
