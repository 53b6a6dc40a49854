import { describe, expect, it } from 'vitest';
import { createFootballDataRestClient, footballDataBackoffMs } from './football-data-rest.client';
import { v4Match } from './football-data-test-match';
import { FootballFeedError } from './football-feed.port';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A scripted football-data.org: answers in order, records the calls and the waits. */
function scripted(answers: Answer[]) {
  const calls: { url: string; token: string | null }[] = [];
  const sleeps: number[] = [];
  let clock = 1_000_000;
  const fetch = (async (input: string | URL, init?: RequestInit) => {
    calls.push({ url: String(input), token: new Headers(init?.headers).get('x-auth-token') });
    const answer = answers.shift() ?? { status: 500 };
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }) as typeof globalThis.fetch;
  const client = createFootballDataRestClient({
    apiBase: 'https://api.football-data.test/v4/',
    token: 'secret-token',
    fetch,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
  });
  return { client, calls, sleeps };
}

const WINDOW = { dateFrom: '2026-11-21', dateTo: '2026-12-08' };
const ok = (headers: Record<string, string> = {}) => ({
  status: 200,
  body: { matches: [v4Match()] },
  headers: { 'x-requests-available-minute': '9', 'x-requestcounter-reset': '60', ...headers },
});

describe('football-data.org REST client', () => {
  it('sends the token to the competition matches endpoint with the window', async () => {
    const { client, calls } = scripted([ok()]);
    const fixtures = await client.listMatches('PL', WINDOW);
    expect(fixtures.map((f) => f.sourceId)).toEqual(['537001']);
    expect(calls).toEqual([
      {
        url: 'https://api.football-data.test/v4/competitions/PL/matches?dateFrom=2026-11-21&dateTo=2026-12-08',
        token: 'secret-token',
      },
    ]);
  });

  it('on 429 waits for X-RequestCounter-Reset, then retries', async () => {
    const { client, calls, sleeps } = scripted([
      {
        status: 429,
        body: { message: 'You reached your request limit. Wait 42 seconds.', errorCode: 429 },
        headers: { 'x-requestcounter-reset': '42' },
      },
      ok(),
    ]);
    expect(await client.listMatches('PL', WINDOW)).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([42_000]);
  });

  it('backs off exponentially with a cap when 429s give no hint, then gives up as rate-limited', async () => {
    const { client, calls, sleeps } = scripted(Array.from({ length: 4 }, () => ({ status: 429 })));
    const error = await client.listMatches('PL', WINDOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FootballFeedError);
    expect((error as FootballFeedError).kind).toBe('rate-limited');
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([2000, 4000, 8000]);
    expect(footballDataBackoffMs(10, null, { baseDelayMs: 2000, maxDelayMs: 65_000 })).toBe(65_000);
    expect(footballDataBackoffMs(0, 500_000, { baseDelayMs: 2000, maxDelayMs: 65_000 })).toBe(65_000);
  });

  it('waits for the minute to reset before a call when the last answer said none are left', async () => {
    const { client, calls, sleeps } = scripted([
      ok({ 'x-requests-available-minute': '0', 'x-requestcounter-reset': '17' }),
      ok(),
    ]);
    await client.listMatches('PL', WINDOW);
    expect(sleeps).toEqual([]);
    await client.listMatches('BL1', WINDOW);
    expect(sleeps).toEqual([17_000]);
    expect(calls).toHaveLength(2);
  });

  it('refuses at once, without retrying, when the token is invalid', async () => {
    const { client, calls, sleeps } = scripted([
      { status: 400, body: { message: 'Your API token is invalid.', errorCode: 400 } },
    ]);
    const error = (await client.listMatches('PL', WINDOW).catch((e: unknown) => e)) as FootballFeedError;
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(400);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
    const restricted = scripted([
      { status: 403, body: { message: 'The resource you are looking for is restricted.' } },
    ]);
    expect(
      ((await restricted.client.listMatches('CL', WINDOW).catch((e) => e)) as FootballFeedError).kind,
    ).toBe('unauthorized');
  });

  it('retries network failures and 5xx, then reports the feed unavailable', async () => {
    const recovered = scripted([new TypeError('fetch failed'), { status: 503 }, ok()]);
    expect(await recovered.client.listMatches('PL', WINDOW)).toHaveLength(1);
    expect(recovered.sleeps).toEqual([2000, 4000]);
    const down = scripted([{ status: 502 }, { status: 502 }, { status: 502 }, { status: 502 }]);
    expect(((await down.client.listMatches('PL', WINDOW).catch((e) => e)) as FootballFeedError).kind).toBe(
      'unavailable',
    );
  });

  it('does not retry other refusals, and reports an unreadable body as unavailable', async () => {
    const missing = scripted([{ status: 404, body: { message: 'Not found', errorCode: 404 } }]);
    expect(((await missing.client.listMatches('XX', WINDOW).catch((e) => e)) as FootballFeedError).kind).toBe(
      'rejected',
    );
    expect(missing.calls).toHaveLength(1);
    const garbled = scripted([{ status: 200, body: { count: 1 } }]);
    expect(((await garbled.client.listMatches('PL', WINDOW).catch((e) => e)) as FootballFeedError).kind).toBe(
      'unavailable',
    );
  });

  it('sends concurrent calls one after another', async () => {
    const { client, calls, sleeps } = scripted([
      ok({ 'x-requests-available-minute': '0', 'x-requestcounter-reset': '5' }),
      ok(),
    ]);
    await Promise.all([client.listMatches('PL', WINDOW), client.listMatches('BL1', WINDOW)]);
    expect(calls.map((c) => c.url.split('/')[5])).toEqual(['PL', 'BL1']);
    expect(sleeps).toEqual([5000]);
  });
});
