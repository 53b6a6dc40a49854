import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPostgresCopy, databaseUrlFor, dropPostgresDatabase } from '../../../../test/postgres-template';
import { type Database, openDatabase } from '../../../db/client';
import { emailOutbox, entitlements, orders, users } from '../../../db/schema';
import { createTip, createTipster, createUser } from '../../../db/seed/factories';
import { fileTransport } from '../../../infra/mail/mail-transport';
import { createOutboxWorker } from '../../../infra/mail/outbox-worker';
import { checkLedgerInvariants } from '../ledger/ledger-invariants.test-support';

/**
 * The process is killed after the purchase committed and while its email was being sent. After a
 * restart, the purchase is whole (order, debit, entitlement) and the email goes out exactly once.
 * PGlite runs from a data directory on disk here (PostgreSQL when TEST_DATABASE_URL is set), so the
 * "restart" opens what the killed process left behind.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, '../../../..');
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Target {
  env: Record<string, string>;
  open(): Promise<Database>;
}

async function prepareTarget(): Promise<Target> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (pgUrl && template) {
    const name = await createPostgresCopy(pgUrl, template);
    cleanups.push(() => dropPostgresDatabase(pgUrl, name));
    const url = databaseUrlFor(pgUrl, name);
    return { env: { CRASH_DATABASE_URL: url }, open: () => openDatabase({ databaseUrl: url, dataDir: '' }) };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tips-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const tar = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([tar]) });
  await client.close();
  return { env: { CRASH_DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

function runChild(env: Record<string, string>): {
  child: ChildProcess;
  waitFor(line: string): Promise<string>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crash-child.test-support.ts')], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  return {
    child,
    waitFor: (marker) =>
      new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const line = out.split('\n').find((l) => l.startsWith(marker));
          if (line) {
            clearInterval(timer);
            resolve(line);
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`child exited (${child.exitCode}) before ${marker}:\n${out}\n${err}`));
          }
        }, 20);
      }),
  };
}

describe('crash between the purchase commit and the email send', () => {
  it('keeps the purchase whole and sends the email exactly once after restart', async () => {
    const target = await prepareTarget();
    let database = await target.open();
    const user = await createUser(database.db, { creditBalance: 5000 });
    const tipster = await createTipster(database.db);
    const tip = await createTip(database.db, { tipsterId: tipster.id, selection: 'CRASH-MARKER-SELECTION' });
    await database.close();

    const { child, waitFor } = runChild({
      ...target.env,
      CRASH_USER_ID: String(user.id),
      CRASH_TIP_ID: String(tip.id),
    });
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const committed = await waitFor('COMMITTED');
    await waitFor('SENDING');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const orderId = committed.split(' ')[1];

    // Restart: what the dead process committed is all there, and consistent.
    database = await target.open();
    cleanups.push(() => database.close());
    const db = database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'COMPLETED', provider: 'credits', amountCents: 1250 });
    expect(await db.select().from(entitlements).where(eq(entitlements.orderId, orderId))).toHaveLength(1);
    const [after] = await db.select({ b: users.creditBalance }).from(users).where(eq(users.id, user.id));
    expect(after.b).toBe(3750);
    expect(await checkLedgerInvariants(db)).toEqual([]);
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });

    const mailDir = mkdtempSync(path.join(os.tmpdir(), 'tips-crash-mail-'));
    cleanups.push(() => rmSync(mailDir, { recursive: true, force: true }));
    const silent = { info() {}, error() {} };
    const workerAt = (now: Date) =>
      createOutboxWorker({
        database,
        transport: fileTransport(mailDir),
        clock: { now: () => now },
        from: 'Tips Market <no-reply@localhost>',
        log: silent,
      });
    // While the dead worker's lease holds, nobody sends it; once it lapses, one worker does, once.
    expect(await workerAt(new Date()).runOnce()).toBe(0);
    const later = new Date(Date.now() + 61_000);
    const sent = await Promise.all([workerAt(later).runOnce(), workerAt(later).runOnce()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await workerAt(new Date(Date.now() + 3600_000)).runOnce()).toBe(0);

    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(mailDir, files[0]), 'utf8');
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toContain('CRASH-MARKER-SELECTION');
    const [delivered] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id));
    expect(delivered.status).toBe('sent');
  });
});

/**
 * Issue 29.4: after kill -9 during a burst of purchases, emails the dead worker had already
 * delivered went out again when its lease lapsed (same Message-ID). Each email is now marked sent
 * as soon as it is delivered, and the one in flight is recognised (decision 112).
 */
describe('crash in the middle of a burst of purchase emails', () => {
  async function burstThenCrash(opts: { deliverFirst: number; hangAfterWrite: boolean }) {
    const target = await prepareTarget();
    let database = await target.open();
    const user = await createUser(database.db, { creditBalance: 50_000 });
    const tipster = await createTipster(database.db);
    const tipIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      const tip = await createTip(database.db, { tipsterId: tipster.id, homeTeam: `Burst ${i}` });
      tipIds.push(tip.id);
    }
    await database.close();
    const mailDir = mkdtempSync(path.join(os.tmpdir(), 'tips-crash-mail-'));
    cleanups.push(() => rmSync(mailDir, { recursive: true, force: true }));

    const { child, waitFor } = runChild({
      ...target.env,
      CRASH_USER_ID: String(user.id),
      CRASH_TIP_IDS: tipIds.join(','),
      CRASH_MAIL_DIR: mailDir,
      CRASH_DELIVER_FIRST: String(opts.deliverFirst),
      CRASH_HANG_AFTER_WRITE: opts.hangAfterWrite ? '1' : '0',
    });
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    await waitFor('SENDING');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    database = await target.open();
    cleanups.push(() => database.close());
    const silent = { info() {}, warn() {}, error() {} };
    const workerAt = (now: Date) =>
      createOutboxWorker({
        database,
        transport: fileTransport(mailDir),
        clock: { now: () => now },
        from: 'Tips Market <no-reply@localhost>',
        log: silent,
      });
    // Well past the dead worker's lease, two workers drain the outbox at once, then again later.
    const later = new Date(Date.now() + 61_000);
    await Promise.all([workerAt(later).runOnce(), workerAt(later).runOnce()]);
    await workerAt(new Date(Date.now() + 3600_000)).runOnce();

    const rows = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    const messageIds = readdirSync(mailDir).map(
      (file) => /^Message-ID: <(.+)>$/m.exec(readFileSync(path.join(mailDir, file), 'utf8'))?.[1],
    );
    return { rows, messageIds };
  }

  it('sends none of the already delivered emails again, and the one in flight once', async () => {
    const { rows, messageIds } = await burstThenCrash({ deliverFirst: 5, hangAfterWrite: false });
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(messageIds).toHaveLength(8);
    expect(new Set(messageIds).size).toBe(8);
  });

  it('does not send again an email the transport had delivered when the process died (files can tell)', async () => {
    const { rows, messageIds } = await burstThenCrash({ deliverFirst: 3, hangAfterWrite: true });
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(messageIds).toHaveLength(8);
    expect(new Set(messageIds).size).toBe(8);
  });
});
