import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { merkleRoot, type RecordExport, recordFromCsv, verifyRecord } from '@tips/contract/record-verify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import { createRecordsService } from './records.service';
import { asAttacker, exportOf, rewriteChain, tipsterWithHistory } from './records.test-support';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../../../..');

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const rows = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;

async function failureOf(record: RecordExport) {
  const result = await verifyRecord(record);
  if (result.ok) throw new Error('expected the record to fail verification');
  return result;
}

describe('a tipster record export', () => {
  it('verifies, and the verifier recomputes the profit in units from the chain', async () => {
    const h = await tipsterWithHistory(test);
    const record = await exportOf(test, h.tipster.id);
    expect(record.events.map((e) => e.kind)).toEqual([
      'published',
      'settled',
      'published',
      'settled',
      'published',
      'settled',
      'published',
      'voided',
      'published',
      'settled',
      'corrected',
    ]);
    expect(record.head).toEqual({ seq: 11, hash: record.events[10].hash });
    expect(await verifyRecord(record)).toEqual({
      ok: true,
      events: 11,
      tips: 5,
      settled: 5,
      profitThousandths: h.profitThousandths,
      // Tips without a match have no closing price (decision 156).
      closed: { sample: 0, clvPpmSum: 0, beatClose: 0 },
    });
  });

  it('shows a paid pick only as its commitment before kick-off, then the pick and its salt', async () => {
    const tipster = await createTipster(test.database.db);
    const marker = `CANARY-${Date.now()}`;
    const kickoff = new Date(test.clock.now().getTime() + 3_600_000);
    const tip = await createTip(test.database.db, {
      tipsterId: tipster.id,
      eventTime: kickoff,
      now: test.clock.now(),
      selection: marker,
      priceCents: 900,
    });
    const before = await test.app.inject({ method: 'GET', url: `/api/tipsters/${tipster.id}/record` });
    expect(before.body).not.toContain(marker);
    expect(before.body).not.toContain(tip.commitSalt);
    const [published] = (before.json() as RecordExport).events;
    expect(published).toMatchObject({
      kind: 'published',
      selection: null,
      salt: null,
      commitment: tip.commitment,
    });
    const csv = await test.app.inject({
      method: 'GET',
      url: `/api/tipsters/${tipster.id}/record?format=csv`,
    });
    expect(csv.body).not.toContain(marker);

    test.clock.advance(3_600_000);
    const after = await exportOf(test, tipster.id);
    expect(after.events[0]).toMatchObject({ selection: marker, salt: tip.commitSalt });
    expect(await verifyRecord(after)).toMatchObject({ ok: true, events: 1 });
  });

  it('refuses to reveal a pick that was swapped after the commitment', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, (exec) =>
      exec(sql`update tips set selection = 'Away +0.5' where id = ${h.loss.id}`).then(() => {}),
    );
    const failure = await failureOf(await exportOf(test, h.tipster.id));
    expect(failure).toMatchObject({ seq: 3, tipId: h.loss.id });
    expect(failure.reason).toContain('not the one committed');
  });

  // Decision 141: tips published since migration 0020 commit to their analysis too (tip:v2).
  it('commits a new tip to its analysis: the record verifies, an edited analysis does not', async () => {
    const tipster = await createTipster(test.database.db);
    const reasoning = 'Away side | rested "keeper"\nline two';
    const tip = await createSettledTip(test.database.db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(test.clock.now().getTime() - 86_400_000),
      reasoning,
    });
    const honest = await exportOf(test, tipster.id);
    expect(honest.events[0]).toMatchObject({ reasoning, salt: tip.commitSalt });
    expect(await verifyRecord(honest)).toMatchObject({ ok: true, events: 2 });
    // The CSV carries it too and verifies.
    const csv = await test.app.inject({
      method: 'GET',
      url: `/api/tipsters/${tipster.id}/record?format=csv`,
    });
    expect(await verifyRecord(recordFromCsv(csv.body))).toMatchObject({ ok: true, events: 2 });

    await asAttacker(test.database, (exec) =>
      exec(sql`update tips set reasoning = 'I called it all along.' where id = ${tip.id}`).then(() => {}),
    );
    const failure = await failureOf(await exportOf(test, tipster.id));
    expect(failure).toMatchObject({ seq: 1, tipId: tip.id });
    expect(failure.reason).toContain('its analysis or its reference price is not the one committed');
  });

  // Decision 150: a tip keeps the market's best price at publication, committed as tip:v3.
  it('carries the reference price of a tip and proves it: the record verifies, an edited reference price does not', async () => {
    const tipster = await createTipster(test.database.db);
    const tip = await createSettledTip(test.database.db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(test.clock.now().getTime() - 86_400_000),
      oddsHundredths: 185,
      referenceOddsHundredths: 186,
      referenceBookmaker: 'House book (demo)',
      referenceSource: 'house-book',
      referenceAt: new Date(test.clock.now().getTime() - 2 * 86_400_000),
    });
    expect(tip.commitment).not.toBe('');
    const honest = await exportOf(test, tipster.id);
    const reference = {
      oddsHundredths: 186,
      bookmaker: 'House book (demo)',
      source: 'house-book',
      at: new Date(test.clock.now().getTime() - 2 * 86_400_000).toISOString(),
    };
    expect(honest.events[0]).toMatchObject({ reference });
    expect(await verifyRecord(honest)).toMatchObject({ ok: true, events: 2 });
    const csv = await test.app.inject({
      method: 'GET',
      url: `/api/tipsters/${tipster.id}/record?format=csv`,
    });
    expect(recordFromCsv(csv.body).events[0].reference).toEqual(reference);
    expect(await verifyRecord(recordFromCsv(csv.body))).toMatchObject({ ok: true, events: 2 });

    // An export file edited to show a better reference price fails, through `npm run record:verify` too.
    const edited = structuredClone(honest);
    (edited.events[0].reference as { oddsHundredths: number }).oddsHundredths = 250;
    expect((await failureOf(edited)).reason).toContain('reference price is not the one committed');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'record-verify-'));
    const file = path.join(dir, 'edited.json');
    writeFileSync(file, JSON.stringify(edited));
    const failed = await run('npm', ['run', '--silent', 'record:verify', '--', file], { cwd: REPO }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failed && failed.code).not.toBe(0);
    expect(failed.stderr).toContain(`event #1 (tip ${tip.id})`);

    // A reference price removed from the file, or added to an older tip's pick, proves nothing.
    const removed = structuredClone(honest);
    removed.events[0].reference = null;
    expect((await failureOf(removed)).code).toBe('commitment');
    const older = await createSettledTip(test.database.db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(test.clock.now().getTime() - 86_400_000),
    });
    const withOlder = await exportOf(test, tipster.id);
    const olderEvent = withOlder.events.find((e) => e.tipId === older.id && e.kind === 'published');
    expect(olderEvent?.reference).toBeNull();
    expect(await verifyRecord(withOlder)).toMatchObject({ ok: true });
    if (olderEvent) olderEvent.reference = reference;
    expect((await failureOf(withOlder)).tipId).toBe(older.id);

    // And a row edited in the database after publication does not match its commitment either.
    await asAttacker(test.database, (exec) =>
      exec(sql`update tips set reference_odds_hundredths = 300 where id = ${tip.id}`).then(() => {}),
    );
    expect((await failureOf(await exportOf(test, tipster.id))).tipId).toBe(tip.id);
  });

  it('comes as CSV for ?format=csv or Accept: text/csv, and the CSV verifies too', async () => {
    const h = await tipsterWithHistory(test);
    for (const [url, headers] of [
      [`/api/tipsters/${h.tipster.id}/record?format=csv`, {}],
      [`/api/tipsters/${h.tipster.id}/record`, { accept: 'text/csv' }],
    ] as const) {
      const response = await test.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(await verifyRecord(recordFromCsv(response.body))).toMatchObject({
        ok: true,
        events: 11,
        profitThousandths: h.profitThousandths,
      });
    }
  });

  it('comes as a JSON file to save for ?format=json (the verify page’s download), inline otherwise', async () => {
    const h = await tipsterWithHistory(test);
    const file = await test.app.inject({
      method: 'GET',
      url: `/api/tipsters/${h.tipster.id}/record?format=json`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="tipster-${h.tipster.id}-record.json"`,
    );
    expect(await verifyRecord(file.json())).toMatchObject({ ok: true, events: 11 });
    const inline = await test.app.inject({ method: 'GET', url: `/api/tipsters/${h.tipster.id}/record` });
    expect(inline.headers['content-disposition']).toBeUndefined();
  });

  it('answers an unknown tipster with 404 and a bad format with 400', async () => {
    const missing = await test.app.inject({ method: 'GET', url: '/api/tipsters/999999/record' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['Tipster not found']);
    const huge = await test.app.inject({ method: 'GET', url: '/api/tipsters/99999999999/record' });
    expect([400, 404]).toContain(huge.statusCode);
    const bad = await test.app.inject({ method: 'GET', url: '/api/tipsters/1/record?format=xml' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the record is append-only', () => {
  it('refuses updates and deletes of events and anchors', async () => {
    const h = await tipsterWithHistory(test);
    const db = test.database.db;
    await expect(
      db.execute(sql`update record_events set outcome = 'WIN' where tip_id = ${h.loss.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from record_events where tip_id = ${h.loss.id}`)).rejects.toThrow();
    await createRecordsService({ db, clock: test.clock }).anchorToday();
    await expect(db.execute(sql`update record_anchors set root = repeat('0', 64)`)).rejects.toThrow();
    await expect(db.execute(sql`delete from record_anchors`)).rejects.toThrow();
  });

  it('keeps one chain per tipster when many tips are settled at once', async () => {
    const tipster = await createTipster(test.database.db);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createSettledTip(test.database.db, {
          tipsterId: tipster.id,
          result: i % 3 === 0 ? 'LOSS' : 'WIN',
          eventTime: new Date(test.clock.now().getTime() - (i + 1) * 3_600_000),
        }),
      ),
    );
    const record = await exportOf(test, tipster.id);
    expect(record.events).toHaveLength(24);
    expect(await verifyRecord(record)).toMatchObject({ ok: true, events: 24, settled: 12 });
  });
});

describe('attacks with direct database access are named by the verifier', () => {
  it("a tip's odds changed", async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(sql`update tips set odds_hundredths = 300 where id = ${h.loss.id}`);
    });
    const failure = await failureOf(await exportOf(test, h.tipster.id));
    expect(failure).toMatchObject({ seq: 3, tipId: h.loss.id });
    expect(failure.reason).toContain('hash does not match its contents');
  });

  it('a result changed, in the tip and in its recorded event', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(sql`update tips set result = 'WIN', outcome = 'WIN' where id = ${h.loss.id}`);
      await exec(
        sql`update record_events set outcome = 'WIN' where tip_id = ${h.loss.id} and kind = 'settled'`,
      );
    });
    const failure = await failureOf(await exportOf(test, h.tipster.id));
    expect(failure).toMatchObject({ seq: 4, tipId: h.loss.id });
  });

  it('a superseded result changed in the record only', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(
        sql`update record_events set outcome = 'VOID' where tip_id = ${h.corrected.id} and kind = 'settled'`,
      );
    });
    expect(await failureOf(await exportOf(test, h.tipster.id))).toMatchObject({
      seq: 10,
      tipId: h.corrected.id,
    });
  });

  it('two events swapped', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(
        sql`update record_events set seq = -seq where tipster_id = ${h.tipster.id} and seq in (5, 7)`,
      );
      await exec(sql`update record_events set seq = 7 where tipster_id = ${h.tipster.id} and seq = -5`);
      await exec(sql`update record_events set seq = 5 where tipster_id = ${h.tipster.id} and seq = -7`);
    });
    const failure = await failureOf(await exportOf(test, h.tipster.id));
    expect(failure.seq).toBe(5);
    expect(failure.reason).toContain('previous hash');
  });

  it('a losing tip deleted with its events', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(sql`delete from record_events where tip_id = ${h.loss.id}`);
      await exec(sql`delete from tips where id = ${h.loss.id}`);
      // The attacker also renumbers the later events, so that no gap shows.
      await exec(sql`update record_events set seq = seq - 2 where tipster_id = ${h.tipster.id} and seq > 4`);
      await exec(sql`update record_heads set seq = seq - 2 where tipster_id = ${h.tipster.id}`);
    });
    const record = await exportOf(test, h.tipster.id);
    const failure = await failureOf(record);
    expect(failure).toMatchObject({ seq: 3, tipId: h.halfWin.id });
  });

  it('garbage written into an event is exported as it is and named, never a 500', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(sql`update record_events set hash = 'not a hash', outcome = 'BIG_WIN'
        where tipster_id = ${h.tipster.id} and seq = 4`);
    });
    const failure = await failureOf(await exportOf(test, h.tipster.id));
    expect(failure).toMatchObject({ seq: 4, code: 'contents' });
  });

  it('the last events cut off', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(sql`delete from record_events where tipster_id = ${h.tipster.id} and seq > 9`);
    });
    const failure = await failureOf(await exportOf(test, h.tipster.id));
    expect(failure.reason).toContain('events at the end were removed');
  });

  it('the CLI says verified for an honest export and names the event of a tampered one', async () => {
    const h = await tipsterWithHistory(test);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'record-verify-'));
    const honest = path.join(dir, 'honest.json');
    writeFileSync(honest, JSON.stringify(await exportOf(test, h.tipster.id)));
    const ok = await run('npx', ['tsx', 'packages/contract/src/record/verify-cli.ts', honest], { cwd: REPO });
    expect(ok.stdout.trim()).toBe('verified: 11 events, profit 3.15 units');

    await asAttacker(test.database, async (exec) => {
      await exec(sql`update tips set odds_hundredths = 300 where id = ${h.loss.id}`);
    });
    const tampered = path.join(dir, 'tampered.csv');
    const csv = await test.app.inject({
      method: 'GET',
      url: `/api/tipsters/${h.tipster.id}/record?format=csv`,
    });
    writeFileSync(tampered, csv.body);
    const failed = await run('npx', ['tsx', 'packages/contract/src/record/verify-cli.ts', tampered], {
      cwd: REPO,
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr).toContain(`event #3 (tip ${h.loss.id}): its hash does not match its contents`);
  });
});

describe('backfill (the migration and the seed)', () => {
  it('rebuilds a chain for tips without events, in time order, and the export verifies', async () => {
    const h = await tipsterWithHistory(test);
    await asAttacker(test.database, async (exec) => {
      await exec(sql`delete from record_events where tipster_id = ${h.tipster.id}`);
      await exec(sql`delete from record_heads where tipster_id = ${h.tipster.id}`);
    });
    await test.database.db.execute(sql`select record_backfill()`);
    const record = await exportOf(test, h.tipster.id);
    // The correction's history is gone with its events: the backfill knows the current result only.
    expect(record.events.map((e) => e.kind)).toEqual([
      ...['published', 'settled', 'published', 'settled', 'published', 'settled'],
      ...['published', 'voided', 'published', 'settled'],
    ]);
    expect(await verifyRecord(record)).toMatchObject({ ok: true, profitThousandths: h.profitThousandths });
  });
});

describe('daily anchors', () => {
  it('publish the Merkle root over every head, once a day, and a rewrite changes the root', async () => {
    const h = await tipsterWithHistory(test);
    const records = createRecordsService({ db: test.database.db, clock: test.clock });
    const heads = rows(
      await test.database.db.execute(sql`select tipster_id, seq, hash from record_heads`),
    ).map((r) => ({ tipsterId: Number(r.tipster_id), seq: Number(r.seq), hash: String(r.hash) }));
    test.clock.advance(86_400_000);
    const anchor = await records.anchorToday();
    expect(anchor.root).toBe(await merkleRoot(heads));
    expect(await records.anchorToday()).toEqual(anchor);

    const page = await test.app.inject({ method: 'GET', url: '/api/records/anchors?pageSize=5' });
    expect(page.statusCode).toBe(200);
    expect(page.json().data[0]).toEqual(anchor);

    // The attacker turns the loss into a win and recomputes every hash after it: the chain
    // verifies again, but the root over the heads is no longer the one published.
    const record = await exportOf(test, h.tipster.id);
    const rewritten = await rewriteChain(test.database, record, (events) => {
      const settled = events.find((e) => e.tipId === h.loss.id && e.kind === 'settled');
      if (settled) settled.outcome = 'WIN';
    });
    expect(rewritten.ok).toBe(true);
    const after = rows(
      await test.database.db.execute(sql`select tipster_id, seq, hash from record_heads`),
    ).map((r) => ({ tipsterId: Number(r.tipster_id), seq: Number(r.seq), hash: String(r.hash) }));
    expect(await merkleRoot(after)).not.toBe(anchor.root);
  });
});
