/**
 * The process the crash test kills (crash.int.test.ts). It buys a tip with credits, which commits
 * the order, the debit, the entitlement and the outbox row together, prints COMMITTED, then starts
 * the mail worker with a transport that never finishes, prints SENDING when the worker has claimed
 * the email, and waits to be killed with SIGKILL.
 *
 * Env: CRASH_DATABASE_URL (PostgreSQL) or CRASH_DATA_DIR (PGlite under <dir>/pglite),
 * CRASH_USER_ID, CRASH_TIP_ID.
 */
import { openDatabase } from '../../../db/client';
import { createOutboxWorker } from '../../../infra/mail/outbox-worker';
import { systemClock } from '../../../lib/clock';
import { buyTipsWithCredits } from '../tip-purchases/credits-purchase.service';

async function main() {
  const database = await openDatabase({
    databaseUrl: process.env.CRASH_DATABASE_URL || undefined,
    dataDir: process.env.CRASH_DATA_DIR ?? '',
  });
  const result = await buyTipsWithCredits(
    database.db,
    Number(process.env.CRASH_USER_ID),
    [Number(process.env.CRASH_TIP_ID)],
    {
      now: systemClock.now(),
      publicUrl: 'http://localhost:3000',
    },
  );
  process.stdout.write(`COMMITTED ${result.orderId}\n`);

  const worker = createOutboxWorker({
    database,
    clock: systemClock,
    from: 'Tips Market <no-reply@localhost>',
    log: { info() {}, error() {} },
    transport: {
      kind: 'file',
      send: () => {
        process.stdout.write('SENDING\n');
        return new Promise<void>(() => {}); // the SMTP server never answers; we are killed meanwhile
      },
    },
  });
  await worker.runOnce();
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
setInterval(() => {}, 60_000);
