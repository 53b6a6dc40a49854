/**
 * The process the crash test kills (crash.int.test.ts). It buys a tip with credits, which commits
 * the order, the debit, the entitlement and the outbox row together, prints COMMITTED, then starts
 * the mail worker with a transport that never finishes, prints SENDING when the worker has claimed
 * the email, and waits to be killed with SIGKILL.
 *
 * Env: CRASH_DATABASE_URL (PostgreSQL) or CRASH_DATA_DIR (PGlite under <dir>/pglite),
 * CRASH_USER_ID, CRASH_TIP_ID.
 *
 * Burst mode (issue 29.4, CRASH_TIP_IDS=1,2,3…): one purchase per tip, then the worker delivers the
 * first CRASH_DELIVER_FIRST emails for real (.eml files in CRASH_MAIL_DIR) and hangs on the next,
 * before writing it or, with CRASH_HANG_AFTER_WRITE=1, after (the SMTP server accepted the message
 * but we die before hearing so).
 */
import { openDatabase } from '../../../db/client';
import { fileTransport, type MailTransport } from '../../../infra/mail/mail-transport';
import { createOutboxWorker } from '../../../infra/mail/outbox-worker';
import { systemClock } from '../../../lib/clock';
import { buyTipsWithCredits } from '../tip-purchases/credits-purchase.service';

async function main() {
  const database = await openDatabase({
    databaseUrl: process.env.CRASH_DATABASE_URL || undefined,
    dataDir: process.env.CRASH_DATA_DIR ?? '',
  });
  const tipIds = (process.env.CRASH_TIP_IDS ?? process.env.CRASH_TIP_ID ?? '').split(',').map(Number);
  for (const tipId of tipIds) {
    const result = await buyTipsWithCredits(database.db, Number(process.env.CRASH_USER_ID), [tipId], {
      now: systemClock.now(),
      publicUrl: 'http://localhost:3000',
    });
    process.stdout.write(`COMMITTED ${result.orderId}\n`);
  }

  const worker = createOutboxWorker({
    database,
    clock: systemClock,
    from: 'Tips Market <no-reply@localhost>',
    log: { info() {}, error() {} },
    batchSize: tipIds.length + 1,
    transport: dyingTransport(),
  });
  await worker.runOnce();
}

/** Delivers CRASH_DELIVER_FIRST emails, then hangs on the next one; we are killed meanwhile. */
function dyingTransport(): MailTransport {
  const files = process.env.CRASH_MAIL_DIR ? fileTransport(process.env.CRASH_MAIL_DIR) : null;
  let left = Number(process.env.CRASH_DELIVER_FIRST ?? 0);
  return {
    kind: 'file',
    async send(message) {
      if (files && left > 0) {
        left--;
        return files.send(message);
      }
      if (files && process.env.CRASH_HANG_AFTER_WRITE === '1') await files.send(message);
      process.stdout.write('SENDING\n');
      return new Promise<void>(() => {}); // the server never answers
    },
  };
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
setInterval(() => {}, 60_000);
