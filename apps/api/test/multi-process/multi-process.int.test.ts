import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { emailOutbox, entitlements, ledgerEntries, tips, users } from '../../src/db/schema';
import { createTip, createTipster, createUser } from '../../src/db/seed/factories';
import { ACCOUNT_RATE_LIMITS } from '../../src/features/accounts/accounts.routes';
import { createFamily } from '../../src/features/accounts/refresh-tokens.repo';
import { DEFAULT_CATALOGUE_TTL_MS } from '../../src/features/catalogue/catalogue-cache';
import { checkLedgerInvariants } from '../../src/features/commerce/ledger/ledger-invariants.test-support';
import { createFixture } from '../../src/features/tips/settlement/settlement.test-support';
import { enqueueEmail } from '../../src/infra/mail/outbox.repo';
import { signAccessToken } from '../../src/lib/tokens';
import { offerPrice } from '../market-prices.test-support';
import { createPostgresCopy, databaseUrlFor, dropPostgresDatabase } from '../postgres-template';
import { type ApiProcess, startApiProcess } from './api-process';
import { claimScratchRedis, type ScratchRedis } from './redis-scratch';

// ARCHITECTURE › Shape: N identical processes behind a balancer share PostgreSQL and Redis, and
// nothing lives only in one process's memory. Two real server processes, one database, one Redis.

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason =
  !pgUrl || !redisUrl
    ? `skipped: needs ${[!pgUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean).join(' and ')}`
    : null;

// Visible in the run's output, not only as a skipped count.
if (skipReason) console.info(`multi-process test ${skipReason} (.ci/run sets both when they are reachable)`);

const JWT_SECRET = 'multi-process-test-secret-0123456789abcdef';
/** The catalogue cache's lifetime in the processes (its default). */
const CATALOGUE_TTL_MS = DEFAULT_CATALOGUE_TTL_MS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(api: ApiProcess, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${api.url}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The database the processes share, for tokens whose session must exist (decision 081). */
let sessionsDb: Database;
async function tokenFor(userId: number, roles: string[]) {
  const sessionId = await createFamily(sessionsDb.db, userId, new Date());
  return signAccessToken({ secret: JWT_SECRET, ttlSeconds: 900 }, { userId, roles, sessionId }, new Date());
}

describe.skipIf(skipReason !== null)(
  skipReason
    ? `two API processes on one PostgreSQL and Redis (${skipReason})`
    : 'two API processes on one PostgreSQL and Redis',
  () => {
    let dbName: string;
    let database: Database;
    let redis: ScratchRedis;
    let mailDir: string;
    let dataDirs: string[] = [];
    let a: ApiProcess;
    let b: ApiProcess;

    beforeAll(async () => {
      const url = pgUrl as string;
      [dbName, redis] = await Promise.all([
        createPostgresCopy(url, inject('postgresTemplate')),
        claimScratchRedis(redisUrl as string),
      ]);
      database = await openDatabase({ databaseUrl: databaseUrlFor(url, dbName), dataDir: '', poolMax: 5 });
      sessionsDb = database;
      mailDir = mkdtempSync(path.join(os.tmpdir(), 'tips-mp-mail-'));
      dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'tips-mp-data-')));
      const shared = {
        DATABASE_URL: databaseUrlFor(url, dbName),
        REDIS_URL: redis.url,
        JWT_SECRET,
        MAIL_DIR: mailDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DB_POOL_MAX: '10',
      };
      [a, b] = await Promise.all(
        (['A', 'B'] as const).map((name, i) =>
          startApiProcess({
            name,
            env: {
              ...shared,
              DATA_DIR: dataDirs[i],
              WEB_DIST_DIR: path.join(dataDirs[i], 'no-web'),
              // The sender tells which process delivered an email.
              MAIL_FROM: `Process ${name} <process-${name.toLowerCase()}@tips.test>`,
            },
          }),
        ),
      );
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.close();
      if (dbName) await dropPostgresDatabase(pgUrl as string, dbName);
      await redis?.release();
      for (const dir of [mailDir, ...dataDirs]) if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('counts login attempts on one account across both processes', async () => {
      const password = 'right password 123';
      const user = await createUser(database.db, { password });
      // Both processes and this test share one client address: its per-client budget (decision 082).
      const limit = ACCOUNT_RATE_LIMITS.loginPerClientAndAccount.max;
      for (let i = 0; i < limit; i++) {
        const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/users/login', {
          Username: user.username,
          Password: `wrong password ${i}`,
          RecaptchaToken: 'x',
        });
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      // The combined (limit + 1)-th attempt is refused by either process, even with the right password.
      for (const api of [a, b]) {
        const blocked = await call(api, 'POST', '/api/users/login', {
          Username: user.username,
          Password: password,
          RecaptchaToken: 'x',
        });
        expect(blocked.status, `${api.name} after ${limit} failures`).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    });

    it('spends a balance exactly once under 40 concurrent purchases split across both', async () => {
      // Balance 100.00 credits, 40 tips at 7.00: exactly 14 fit, 2.00 stays.
      const buyer = await createUser(database.db, { creditBalance: 10_000 });
      const tipster = await createTipster(database.db);
      const tipList = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          createTip(database.db, { tipsterId: tipster.id, priceCents: 700, homeTeam: `Home ${i}` }),
        ),
      );
      const token = await tokenFor(buyer.id, ['user']);
      const results = await Promise.all(
        tipList.map((tip, i) =>
          call(i % 2 === 0 ? a : b, 'POST', '/api/tips/buy', { cart: [tip.id] }, token),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(14);
      expect(statuses.filter((s) => s === 422)).toHaveLength(26);
      expect(results.find((r) => r.status === 422)?.body.errors.join(' ')).toMatch(/not enough credits/i);
      // Both processes sold some: the guard is the database's, not one process's lock.
      const soldBy = (api: ApiProcess) =>
        results.filter((r, i) => r.status === 200 && (i % 2 === 0 ? a : b) === api).length;
      expect(soldBy(a) + soldBy(b)).toBe(14);

      const [row] = await database.db.select().from(users).where(eq(users.id, buyer.id));
      expect(row.creditBalance).toBe(200);
      const owned = await database.db.select().from(entitlements).where(eq(entitlements.userId, buyer.id));
      expect(owned).toHaveLength(14);
      const debits = await database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, buyer.id), eq(ledgerEntries.reason, 'tip_purchase')));
      expect(debits).toHaveLength(14);
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
    });

    it('sells one tip once when 20 concurrent purchases of it hit both processes', async () => {
      const buyer = await createUser(database.db, { creditBalance: 10_000 });
      const tipster = await createTipster(database.db);
      const tip = await createTip(database.db, { tipsterId: tipster.id, priceCents: 700 });
      const token = await tokenFor(buyer.id, ['user']);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i % 2 === 0 ? a : b, 'POST', '/api/tips/buy', { cart: [tip.id] }, token),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.every((r) => r.status === 200 || r.status === 409 || r.status === 422)).toBe(true);
      const [row] = await database.db.select().from(users).where(eq(users.id, buyer.id));
      expect(row.creditBalance).toBe(9300);
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
    });

    it('shows a tip published on one process on the other before the cache TTL could expire', async () => {
      const tipsterUser = await createUser(database.db, { roles: ['user', 'tipster'] });
      const tipster = await createTipster(database.db, { userId: tipsterUser.id, category: 'SENIOR' });
      const total = async (api: ApiProcess) => {
        const res = await call(api, 'GET', '/api/tips?pageSize=10');
        expect(res.status).toBe(200);
        return res.body.totalItems as number;
      };
      // The page B caches now lives in Redis for CATALOGUE_TTL_MS from here on.
      const cachedAt = Date.now();
      const before = await total(b);
      expect(await total(a)).toBe(before);

      // Written behind the API's back: both processes keep serving the shared cached page (checked
      // only while that page cannot have expired, so a slow machine cannot fail it).
      await createTip(database.db, { tipsterId: tipster.id, homeTeam: 'Unannounced' });
      const [fromB, fromA] = [await total(b), await total(a)];
      if (Date.now() - cachedAt < CATALOGUE_TTL_MS - 1000) expect([fromB, fromA]).toEqual([before, before]);

      const fixture = await createFixture(database.db, { kickoffAt: new Date(Date.now() + 3 * 3600_000) });
      await offerPrice(database.db, new Date(), {
        fixtureId: fixture.id,
        bettingType: 2,
        selection: 'over 2.5',
        odds: 1.9,
      });
      const published = await call(
        a,
        'POST',
        '/api/tipster/tips',
        {
          fixtureId: fixture.id,
          bettingType: 2,
          selection: 'over 2.5',
          odds: 1.9,
          price: 12.5,
        },
        await tokenFor(tipsterUser.id, ['user', 'tipster']),
      );
      expect(published.status, JSON.stringify(published.body)).toBe(201);

      // Publishing on A invalidated the cache of both: B sees both new tips before its cached page
      // could have expired, so it is the invalidation that B saw, not the TTL.
      let seen = await total(b);
      while (seen !== before + 2 && Date.now() - cachedAt < CATALOGUE_TTL_MS) {
        await sleep(50);
        seen = await total(b);
      }
      expect(seen).toBe(before + 2);
      expect(Date.now() - cachedAt, 'seen only after the cached page expired').toBeLessThan(CATALOGUE_TTL_MS);
    });

    it('closes each tip of a match that kicked off exactly once while both processes run the closing worker', async () => {
      // A match that kicked off a moment ago, its 1X2 priced by the house book until 5 minutes before.
      const kickoff = new Date(Date.now() - 5_000);
      const fixture = await createFixture(database.db, { kickoffAt: kickoff });
      const minutesBefore = (m: number) => new Date(kickoff.getTime() - m * 60_000).toISOString();
      for (const [selection, odds] of [
        ['Home', 200],
        ['Draw', 350],
        ['Away', 400],
      ] as const) {
        await database.db.execute(sql`insert into market_prices
          (fixture_id, betting_type, selection, bookmaker, odds_hundredths, source, read_at, checked_at)
          values (${fixture.id}, 3, ${selection}, 'House book (demo)', ${odds}, 'house-book',
            ${minutesBefore(60)}::timestamptz, ${minutesBefore(5)}::timestamptz)`);
      }
      const tipIds: number[] = [];
      for (let i = 0; i < 6; i++) {
        const tipster = await createTipster(database.db);
        for (const [type, selection] of [
          [3, 'Home'],
          [2, 'Over 2.5'],
        ] as const) {
          const tip = await createTip(database.db, {
            tipsterId: tipster.id,
            fixtureId: fixture.id,
            bettingType: type,
            selection,
            oddsHundredths: 200 + i * 10,
            eventTime: kickoff,
            now: new Date(kickoff.getTime() - 3_600_000),
          });
          tipIds.push(tip.id);
        }
      }
      const unclosed = async () =>
        (
          await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(tips)
            .where(and(eq(tips.fixtureId, fixture.id), isNull(tips.closingStatus)))
        )[0].n;
      const deadline = Date.now() + 45_000;
      while ((await unclosed()) > 0 && Date.now() < deadline) await sleep(250);
      expect(await unclosed()).toBe(0);
      const events = (
        (await database.db.execute(sql`select e.tip_id, count(*)::int as n, min(t.closing_status) as status,
            min(t.clv_ppm) as clv, min(t.odds_hundredths) as odds
          from record_events e join tips t on t.id = e.tip_id
          where e.kind = 'closed' and t.fixture_id = ${fixture.id} group by e.tip_id order by e.tip_id`)) as {
          rows: unknown[];
        }
      ).rows as Array<{ tip_id: number; n: number; status: string; clv: number | null; odds: number }>;
      expect(events.map((e) => e.tip_id)).toEqual(tipIds.sort((x, y) => x - y));
      expect(events.every((e) => e.n === 1)).toBe(true);
      for (const e of events) {
        if (e.status === 'no_price') {
          expect(e.clv).toBeNull();
          continue;
        }
        // Taken at odds ÷ (2.00 × (1/2 + 1/3.5 + 1/4)) − 1, in ppm.
        expect(e.clv).toBe(Math.round((e.odds * 1e12) / (200 * 1_035_714)) - 1_000_000);
      }
      expect(events.filter((e) => e.status === 'no_price')).toHaveLength(6);
    });

    it('delivers each outbox email exactly once while both processes run workers', async () => {
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 300; i++) {
          await enqueueEmail(tx, {
            to: `reader${i}@tips.test`,
            subject: `Bulk ${i}`,
            html: `<p>${i}</p>`,
            text: String(i),
            template: 'multi-process-test',
          });
        }
      });
      const pending = async () =>
        (
          await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(emailOutbox)
            .where(eq(emailOutbox.status, 'pending'))
        )[0].n;
      const deadline = Date.now() + 45_000;
      while ((await pending()) > 0 && Date.now() < deadline) await sleep(250);
      expect(await pending()).toBe(0);

      const rows = await database.db
        .select({ id: emailOutbox.id, status: emailOutbox.status })
        .from(emailOutbox);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
      const perId = new Map<number, number>();
      const perSender = { A: 0, B: 0 };
      for (const file of files) {
        const id = Number(/outbox-(\d+)_/.exec(file)?.[1]);
        perId.set(id, (perId.get(id) ?? 0) + 1);
        const from = /^From: .*process-(a|b)@/im.exec(readFileSync(path.join(mailDir, file), 'utf8'))?.[1];
        if (from) perSender[from.toUpperCase() as 'A' | 'B']++;
      }
      expect([...perId.keys()].sort((x, y) => x - y)).toEqual(rows.map((r) => r.id).sort((x, y) => x - y));
      expect([...perId.values()].every((n) => n === 1)).toBe(true);
      expect(perSender.A + perSender.B).toBe(rows.length);
      // Which process sent how many depends on timing; printed to show the work was shared.
      console.info(`outbox: ${rows.length} emails, each sent once (A ${perSender.A}, B ${perSender.B})`);
    });
  },
);
