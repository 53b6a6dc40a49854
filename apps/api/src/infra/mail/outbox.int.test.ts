import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { renderEmail } from './email-layout';
import { fileTransport, type MailTransport } from './mail-transport';
import { enqueueEmail, enqueueEmails } from './outbox.repo';
import { createOutboxWorker } from './outbox-worker';

let database: Database;
const silent = { info() {}, error() {} };
// An hour ahead of the real time: emails queued with the database's now() are due for this clock
// whatever the day the suite runs (a fixed date here stopped being ahead of the database).
let now = new Date(Date.now() + 3_600_000);
const clock = { now: () => now };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function email(to: string, dedupeKey?: string) {
  return {
    to,
    subject: 'Hello',
    template: 'test',
    dedupeKey,
    ...renderEmail({ heading: 'Hi <b>', paragraphs: ['x'] }),
  };
}

describe('email outbox', () => {
  it('delivers queued mail as .eml files with escaped content', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mail-'));
    await enqueueEmail(database.db, email('a@example.test'));
    const worker = createOutboxWorker({
      database,
      transport: fileTransport(dir),
      clock,
      from: 'x@y.z',
      log: silent,
    });
    expect(await worker.runOnce()).toBe(1);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dir, files[0]), 'utf8');
    expect(eml).toContain('To: a@example.test');
    // Quoted-printable bodies wrap at 76 characters: undo the soft line breaks before looking.
    expect(eml.replace(/=\r?\n/g, '')).toContain('Hi &lt;b&gt;');
    expect(await worker.runOnce()).toBe(0);
  });

  it("dates the footer by the sender's clock, not a year written in the code", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mail-'));
    await enqueueEmail(database.db, email('footer@example.test'));
    const saved = now;
    now = new Date('2031-06-01T12:00:00Z');
    try {
      const worker = createOutboxWorker({
        database,
        transport: fileTransport(dir),
        clock,
        from: 'x@y.z',
        log: silent,
      });
      await worker.runOnce();
    } finally {
      now = saved;
    }
    const eml = readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8').replace(/=\r?\n/g, '');
    expect(eml).toContain('2031');
    expect(eml).not.toContain('2015-2025');
    expect(eml).not.toContain('footer-year');
  });

  it('queues a deduplicated email once', async () => {
    await enqueueEmail(database.db, email('b@example.test', 'order-1-receipt'));
    await enqueueEmail(database.db, email('b@example.test', 'order-1-receipt'));
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'b@example.test'));
    expect(rows).toHaveLength(1);
  });

  it('retries a failed delivery later with backoff, then sends it', async () => {
    let fail = true;
    const sent: string[] = [];
    const flaky: MailTransport = {
      kind: 'file',
      async send(m) {
        if (fail) throw new Error('smtp down');
        sent.push(m.to);
      },
    };
    await enqueueEmail(database.db, email('c@example.test'));
    const worker = createOutboxWorker({ database, transport: flaky, clock, from: 'x@y.z', log: silent });
    await worker.runOnce();
    expect(sent).toEqual([]);
    fail = false;
    expect(await worker.runOnce()).toBe(0); // not due yet
    now = new Date(now.getTime() + 31_000);
    await worker.runOnce();
    expect(sent).toContain('c@example.test');
  });

  it('never sends one email twice when several workers run at once', async () => {
    const sent: string[] = [];
    const counting: MailTransport = {
      kind: 'file',
      async send(m) {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.to);
      },
    };
    for (let i = 0; i < 30; i++) await enqueueEmail(database.db, email(`w${i}@example.test`));
    const workers = [1, 2, 3].map(() =>
      createOutboxWorker({ database, transport: counting, clock, from: 'x@y.z', log: silent, batchSize: 5 }),
    );
    for (let round = 0; round < 10; round++) await Promise.all(workers.map((w) => w.runOnce()));
    const ws = sent.filter((to) => to.startsWith('w'));
    expect(ws).toHaveLength(30);
    expect(new Set(ws).size).toBe(30);
  });

  it('queues a batch in few statements, skipping repeated dedupe keys', async () => {
    const batch = Array.from({ length: 1203 }, (_, i) =>
      email(`batch${i}@example.test`, `batch:${i % 1200}`),
    );
    await enqueueEmails(database.db, batch);
    await enqueueEmails(database.db, batch.slice(0, 10));
    const rows = await database.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, 'batch:%'));
    expect(rows).toHaveLength(1200);
    expect(rows.every((r) => r.status === 'pending' && r.html.includes('Hi &lt;b&gt;'))).toBe(true);
  });

  // Decision 112: an email whose send started under a process that died is "in doubt". SMTP
  // cannot tell whether it was accepted, so it is sent again once, with the same Message-ID; a
  // transport that records what it delivered (files) is asked instead, and nothing is repeated.
  it('sends an in-doubt email again once, with the same Message-ID, when the transport cannot tell', async () => {
    await enqueueEmail(database.db, email('doubt@example.test'));
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'doubt@example.test'));
    await database.db
      .update(emailOutbox)
      .set({
        sendStartedAt: new Date(now.getTime() - 120_000),
        attempts: 1,
        nextAttemptAt: new Date(now.getTime() - 60_000),
      })
      .where(eq(emailOutbox.id, row.id));
    const sent: string[] = [];
    const smtpLike: MailTransport = {
      kind: 'smtp',
      async send(message) {
        sent.push(message.messageId);
      },
    };
    const worker = createOutboxWorker({
      database,
      transport: smtpLike,
      clock,
      from: 'x@y.z',
      log: silent,
      batchSize: 1000,
    });
    // Other tests' rows may be due too: this one is judged by its own Message-ID.
    await worker.runOnce();
    await worker.runOnce();
    expect(sent.filter((id) => id === `outbox-${row.id}@tipsmarket`)).toHaveLength(1);
    const [after] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after.status).toBe('sent');
  });

  it('marks an in-doubt email sent without sending it when the file transport already wrote it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mail-'));
    await enqueueEmail(database.db, email('written@example.test'));
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'written@example.test'));
    const files = fileTransport(dir);
    await files.send({
      from: 'x@y.z',
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: `outbox-${row.id}@tipsmarket`,
    });
    await database.db
      .update(emailOutbox)
      .set({ sendStartedAt: now, attempts: 1, nextAttemptAt: new Date(now.getTime() - 60_000) })
      .where(eq(emailOutbox.id, row.id));
    const worker = createOutboxWorker({
      database,
      transport: files,
      clock,
      from: 'x@y.z',
      log: silent,
      batchSize: 1000,
    });
    await worker.runOnce();
    expect(readdirSync(dir).filter((name) => name.endsWith(`-outbox-${row.id}_tipsmarket.eml`))).toHaveLength(
      1,
    );
    const [after] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
    expect(after.status).toBe('sent');
  });
});
