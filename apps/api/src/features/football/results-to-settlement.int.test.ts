import type { TipsterTipPage } from '@tips/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  call,
  callOk,
  signedIn,
  signedInTipster,
  tokenFor,
} from '../../../test/backoffice.test-support';
import { offerPrice } from '../../../test/market-prices.test-support';
import { createUser } from '../../db/seed/factories';
import {
  type CommerceTestApp,
  createCommerceTestApp,
  expectLedgerInvariants,
  mailTo,
} from '../commerce/commerce.test-support';
import { sweepAndRefund } from '../tips/settlement/settlement.test-support';
import type { Fixture } from './fixture.schemas';

// Issue #16 end to end through the public HTTP API: an openfootball import creates the fixtures,
// tips are published on them, one is bought, the results arrive by re-import, and the sweep
// settles (or voids and refunds) every tip exactly once.

let t: CommerceTestApp;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// A Saturday in the 2026/27 season, 14:50 UTC; the fixtures kick off a few minutes later.
const NOW = new Date('2027-01-16T14:50:00.000Z');
const KICKOFF_A = new Date(NOW.getTime() + 10 * MINUTE);
const KICKOFF_B = new Date(NOW.getTime() + 25 * MINUTE);

beforeAll(async () => {
  t = await createCommerceTestApp();
  t.clock.set(NOW);
});
afterAll(() => t.close());

/** en.1 dates and times are Europe/London wall-clock time. */
function londonWallClock(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

function leagueFile(a: Record<string, unknown> = {}, b: Record<string, unknown> = {}) {
  return JSON.stringify({
    name: 'Test League 2026/27',
    matches: [
      {
        round: 'Matchday 1',
        ...londonWallClock(KICKOFF_A),
        team1: 'E2E Home FC',
        team2: 'E2E Away FC',
        ...a,
      },
      {
        round: 'Matchday 1',
        ...londonWallClock(KICKOFF_B),
        team1: 'E2E North FC',
        team2: 'E2E South FC',
        ...b,
      },
    ],
  });
}

function upload(fileName: string, content: string, token: string) {
  const boundary = '----results-to-settlement';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/fixtures/import',
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
}

const sweep = () => sweepAndRefund(t, t.paypal);

async function balance(userId: number) {
  const result = (await t.database.db.execute(
    sql`select credit_balance::int as b from users where id = ${userId}`,
  )) as unknown as { rows: Array<{ b: number }> };
  return result.rows[0].b;
}

/** The public fixture list (it starts from now unless told: `from` keeps past kick-offs in). */
async function fixtureByTeam(q: string): Promise<Fixture> {
  const page = await callOk<{ data: Fixture[] }>(
    t,
    'GET',
    `/api/fixtures?from=2027-01-16&q=${encodeURIComponent(q)}`,
    '',
  );
  expect(page.data).toHaveLength(1);
  return page.data[0];
}

describe('issue #16: imported results settle the tips on them, through the HTTP API', () => {
  it('imports fixtures, publishes and sells tips, re-imports the results, settles and refunds once', async () => {
    const admin = await signedIn(t, ['user', 'admin']);
    const tipster = await signedInTipster(t, { name: 'Journey Tipster' });
    // One pick per market and match (decision 114): the other full-time result picks on A are
    // other tipsters'.
    const drawTipster = await signedInTipster(t, { name: 'Journey Draw' });
    const homeAwayTipster = await signedInTipster(t, { name: 'Journey Home/Away' });
    const tipsters = [tipster, drawTipster, homeAwayTipster];

    // 1. The admin imports two fixtures a few minutes ahead.
    const imported = await upload('en.1.json', leagueFile(), admin.token);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ competition: 'en.1', added: 2, updated: 0, skipped: [] });
    const a = await fixtureByTeam('E2E Home FC');
    const b = await fixtureByTeam('E2E North FC');
    expect([a.kickoffAt, a.status]).toEqual([KICKOFF_A.toISOString(), 'scheduled']);
    expect([b.kickoffAt, b.status]).toEqual([KICKOFF_B.toISOString(), 'scheduled']);

    // 2. The tipster publishes on A across betting types, and one paid tip on B.
    // bettingType, selection, outcome for FT 1-1 (HT 0-0), the SPEC result the API shows, who
    const onA: Array<[number, string, string, string, (typeof tipsters)[number]]> = [
      [1, 'Home -0.25', 'HALF_LOSS', 'Loss', tipster],
      [2, 'Over 2.75', 'LOSS', 'Loss', tipster],
      [3, 'Draw', 'WIN', 'Win', drawTipster],
      [4, '1-1', 'WIN', 'Win', tipster],
      [113, 'Home', 'VOID', 'Void', homeAwayTipster],
      [8, 'Over 0.5', 'LOSS', 'Loss', tipster],
    ];
    // Every selection is offered at 1.90 (decision 150: tips are published at the market's price).
    const publish = async (
      fixtureId: number,
      bettingType: number,
      selection: string,
      price = 0,
      by = tipster,
    ) => {
      if (fixtureId !== 2_147_483_647) {
        await offerPrice(t.database.db, t.clock.now(), { fixtureId, bettingType, selection, odds: 1.9 });
      }
      return call(t, 'POST', '/api/tipster/tips', {
        token: by.token,
        body: { fixtureId, bettingType, selection, odds: 1.9, ...(price ? { price } : { free: true }) },
      });
    };
    const tipsOnA: number[] = [];
    for (const [bettingType, selection, , , by] of onA) {
      const response = await publish(a.id, bettingType, selection, 0, by);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({ fixtureId: a.id, selection, outcome: null });
      tipsOnA.push(response.json().data.id);
    }
    const paid = await publish(b.id, 3, 'Home', 12.5);
    expect(paid.statusCode, paid.body).toBe(201);
    const tipB = paid.json().data.id as number;
    expect((await publish(2_147_483_647, 3, 'Home')).statusCode).toBe(404);

    // 3. A buyer buys the paid tip on B with credits.
    const buyer = await createUser(t.database.db, { creditBalance: 5000 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: await t.bearer(buyer),
      payload: { cart: [tipB] },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await balance(buyer.id)).toBe(5000 - 1250);

    // 4. Kick-off passes: no more tips on A; the results arrive by re-importing the same file.
    t.clock.set(new Date(KICKOFF_B.getTime() + 2 * HOUR));
    // Access tokens are short-lived: sign in again on the moved clock.
    for (const each of tipsters) each.token = await tokenFor(t, each.user);
    admin.token = await tokenFor(t, admin.user);
    const late = await publish(a.id, 3, 'Away');
    expect(late.statusCode, late.body).toBe(422);
    const results = await upload(
      'en.1.json',
      leagueFile({ score: { ht: [0, 0], ft: [1, 1] } }, { status: 'cancelled' }),
      admin.token,
    );
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json()).toMatchObject({ added: 0, updated: 2 });
    expect(await fixtureByTeam('E2E Home FC')).toMatchObject({
      id: a.id,
      status: 'finished',
      score: { halfTime: { home: 0, away: 0 }, fullTime: { home: 1, away: 1 } },
    });
    expect((await fixtureByTeam('E2E North FC')).status).toBe('cancelled');

    // 5. Two sweeps at once, then another: each tip is settled exactly once.
    const [first, second] = await Promise.all([sweep(), sweep()]);
    const third = await sweep();
    const settledIds = [...first.settled, ...second.settled].map((s) => s.tipId).sort((x, y) => x - y);
    expect(settledIds).toEqual([...tipsOnA, tipB].sort((x, y) => x - y));
    expect(third.settled).toEqual([]);

    const pages = await Promise.all(
      tipsters.map((each) => callOk<TipsterTipPage>(t, 'GET', '/api/tipster/tips?pageSize=50', each.token)),
    );
    const byId = new Map(pages.flatMap((page) => page.data).map((tip) => [tip.id, tip]));
    onA.forEach(([, selection, outcome, result], i) => {
      const tip = byId.get(tipsOnA[i]);
      expect([tip?.selection, tip?.outcome, tip?.result, tip?.resultDetails], selection).toEqual([
        selection,
        outcome,
        result,
        'FT 1-1 (HT 0-0)',
      ]);
    });
    expect(byId.get(tipB)).toMatchObject({
      outcome: 'VOID',
      result: 'Void',
      resultDetails: 'Match cancelled',
    });
    for (const id of [...tipsOnA, tipB]) {
      expect(await auditRows(t.database.db, 'tip.auto_settle', id)).toHaveLength(1);
    }

    // The buyer gets the price back once, and one result and one refund email.
    expect(await balance(buyer.id)).toBe(5000);
    await sweep();
    expect(await balance(buyer.id)).toBe(5000);
    const mails = (await mailTo(t.database.db, buyer.email)).map((m) => m.template);
    expect(mails.filter((m) => m === 'tip-result')).toHaveLength(1);
    expect(mails.filter((m) => m === 'tip-refund')).toHaveLength(1);
    await expectLedgerInvariants(t.database.db);
  });
});
