import { describe, expect, it } from 'vitest';
import { PriceSourceError } from '../price-source.port';
import { createApiFootballRestClient } from './api-football-rest.client';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function scripted(answers: Answer[]) {
  const requests: Array<{ url: string; key: string | null }> = [];
  const fetch = (async (input: string | URL, init?: RequestInit) => {
    requests.push({ url: String(input), key: new Headers(init?.headers).get('x-apisports-key') });
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer left');
    return new Response(JSON.stringify(next.body), { status: next.status, headers: next.headers });
  }) as typeof globalThis.fetch;
  const sleeps: number[] = [];
  const client = createApiFootballRestClient({
    apiBase: 'https://api.example/',
    apiKey: 'k-123',
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    baseDelayMs: 1000,
  });
  return { client, requests, sleeps };
}

const ok = (extra: object = {}) => ({ status: 200, body: { errors: [], response: [], ...extra } });
const query = { league: 39, season: 2024, date: '2025-03-15' };

describe('API-Football REST client', () => {
  it('sends the key and reads every page of /odds', async () => {
    const { client, requests } = scripted([
      ok({ paging: { current: 1, total: 3 } }),
      ok({ paging: { current: 2, total: 3 } }),
      ok({ paging: { current: 3, total: 3 } }),
    ]);
    expect(await client.odds(query)).toHaveLength(3);
    expect(requests.map((r) => r.url)).toEqual([
      'https://api.example/odds?league=39&season=2024&date=2025-03-15&page=1',
      'https://api.example/odds?league=39&season=2024&date=2025-03-15&page=2',
      'https://api.example/odds?league=39&season=2024&date=2025-03-15&page=3',
    ]);
    expect(requests.every((r) => r.key === 'k-123')).toBe(true);
  });

  it('backs off on 429 (Retry-After at least), then succeeds', async () => {
    const { client, sleeps } = scripted([
      { status: 429, body: { errors: { rateLimit: 'Too many requests' } }, headers: { 'retry-after': '7' } },
      ok(),
    ]);
    await client.fixtures(query);
    expect(sleeps).toEqual([7000]);
  });

  it('treats a 200 whose errors say the quota is spent as rate-limited, and gives up after its retries', async () => {
    const spent = {
      status: 200,
      body: { errors: { requests: 'You have reached the request limit for the day' } },
    };
    const { client, sleeps } = scripted([spent, spent, spent]);
    await expect(client.fixtures(query)).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('reports a wrong key at once, without retrying', async () => {
    const { client, requests } = scripted([
      { status: 200, body: { errors: { token: 'Error/Missing application key' } } },
    ]);
    const error = await client.fixtures(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceSourceError);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(requests).toHaveLength(1);
  });

  it('retries a 5xx and reports the source unavailable', async () => {
    const { client } = scripted([
      { status: 503, body: null },
      { status: 503, body: null },
      { status: 503, body: null },
    ]);
    await expect(client.fixtures(query)).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
