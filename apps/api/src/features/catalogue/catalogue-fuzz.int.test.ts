import {
  AiTipsResponseSchema,
  CartResponseSchema,
  ErrorBodySchema,
  RecordPageSchema,
  StatisticsResponseSchema,
  TipPageSchema,
  TipsterPageSchema,
  TipsterProfileSchema,
} from '@tips/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import { get } from './catalogue.test-support';

/**
 * Random and boundary query values on every catalogue route: never a 5xx, and every answer
 * matches its schema (the route's on 200, the error body otherwise).
 */

let t: TestApp;
let tipsterId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const tipster = await createTipster(db, { category: 'PREMIUM' });
  tipsterId = tipster.id;
  await createTip(db, { tipsterId, now: t.clock.now() });
  await createSettledTip(db, {
    tipsterId,
    result: 'WIN',
    eventTime: new Date(t.clock.now().getTime() - 86_400_000),
  });
});

afterAll(() => t.close());

const boundary = fc.constantFrom(
  '',
  ' ',
  '0',
  '-0',
  '1',
  '-1',
  '5',
  '50',
  '51',
  '1e3',
  '0x10',
  '1.5',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '%00',
  '%27%3B--',
  '1,2,3',
  ',,,',
  '1,,14',
  'premium',
  'SENIOR',
  'other',
  '\u00e9\u{1f600}',
);
const value = fc.oneof(
  boundary,
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ maxLength: 12 }),
);
const param = (names: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 6 })
    .map((pairs) => pairs.map(([name, v]) => `${name}=${encodeURIComponent(v)}`).join('&'));
const id = fc.oneof(value, fc.nat().map(String));

const TIP_PARAMS = ['category', 'pageNumber', 'pageSize', 'filters', 'minPrice', 'maxPrice', 'random', 'x'];
const routes: Array<[string, fc.Arbitrary<string>, z.ZodType]> = [
  ['/api/tips', param(TIP_PARAMS).map((q) => `/api/tips?${q}`), TipPageSchema],
  ['/api/tips/ai', param(['x']).map((q) => `/api/tips/ai?${q}`), AiTipsResponseSchema],
  ['/api/tips/cart', param(['tipIds']).map((q) => `/api/tips/cart?${q}`), CartResponseSchema],
  [
    '/api/tipsters',
    param(['category', 'pageNumber', 'pageSize', 'random']).map((q) => `/api/tipsters?${q}`),
    TipsterPageSchema,
  ],
  [
    '/api/tipsters/profile/{id}',
    id.map((v) => `/api/tipsters/profile/${encodeURIComponent(v)}`),
    TipsterProfileSchema,
  ],
  [
    '/api/tipsters/records/{id}',
    fc
      .tuple(fc.oneof(id, fc.constant(String(1))), param(['pageNumber', 'pageSize', 'bettingType', 'month']))
      .map(([v, q]) => `/api/tipsters/records/${encodeURIComponent(v)}?${q}`),
    RecordPageSchema,
  ],
  [
    '/api/tipsters/statistics',
    param(['x']).map((q) => `/api/tipsters/statistics?${q}`),
    StatisticsResponseSchema,
  ],
];

describe('fuzzing the catalogue routes', () => {
  it.each(routes)('%s never answers 5xx and always matches its schema', async (_name, urls, schema) => {
    await fc.assert(
      fc.asyncProperty(urls, async (url) => {
        const response = await get(t, url.replace('/records/1?', `/records/${tipsterId}?`));
        expect(response.statusCode, url).toBeLessThan(500);
        const body = response.json();
        const parsed = (response.statusCode === 200 ? schema : ErrorBodySchema).safeParse(body);
        expect(parsed.success, `${url} → ${response.statusCode} ${response.body}`).toBe(true);
      }),
      { numRuns: 120 },
    );
  });
});
