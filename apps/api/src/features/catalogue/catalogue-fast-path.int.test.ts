import { randomBytes } from 'node:crypto';
import {
  AiTipsResponseSchema,
  RecordPageSchema,
  StatisticsResponseSchema,
  TipPageSchema,
  TipsterPageSchema,
  TipsterProfileSchema,
} from '@tips/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import { createSignedInUser, freshCatalogue, get } from './catalogue.test-support';

/**
 * Anonymous callers of the cached catalogue get the JSON the cache encoded when it loaded the page
 * (encoded-json.ts), not a fresh encoding per request. These tests pin that those bytes are the
 * ones the route's own serializer produces, cold or warm, and that they hold no paid selection.
 */

const NOW = new Date('2025-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const PAID = `PAID-${randomBytes(6).toString('hex')}`;
const FREE = `FREE-${randomBytes(6).toString('hex')}`;

let t: TestApp;
let signedIn: string;
let tipsterId: number;
let paidTipId: number;

/** The route's serializer (fastify-type-provider-zod), as Fastify compiles it for a 200 reply. */
const serialize = (schema: z.ZodType, body: string) =>
  serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' })(JSON.parse(body));

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const db = t.database.db;
  // A signed-in caller who bought nothing and follows no one sees what an anonymous one sees.
  signedIn = (await createSignedInUser(t)).token;
  tipsterId = (await createTipster(db, { category: 'PREMIUM' })).id;
  const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
  paidTipId = (
    await createTip(db, { tipsterId, now: NOW, eventTime: at(2), selection: PAID, priceCents: 2500 })
  ).id;
  await createTip(db, { tipsterId, now: NOW, eventTime: at(3), selection: FREE, priceCents: 0 });
  for (let i = 0; i < 10; i++) {
    await createSettledTip(db, { tipsterId, result: i % 3 ? 'WIN' : 'LOSS', eventTime: at(-24 - i * 24) });
  }
  await createTip(db, {
    tipsterId: (await createTipster(db, { category: 'Medium AI Model' })).id,
    now: NOW,
    eventTime: at(5),
    aiPlanId: 2,
    priceCents: 9900,
    selection: PAID,
  });
});

afterAll(() => t.close());

const routes = (): Array<[string, z.ZodType]> => [
  ['/api/tips?pageSize=50', TipPageSchema],
  ['/api/tips/ai', AiTipsResponseSchema],
  ['/api/tipsters', TipsterPageSchema],
  [`/api/tipsters/profile/${tipsterId}`, TipsterProfileSchema],
  [`/api/tipsters/records/${tipsterId}`, RecordPageSchema],
  ['/api/tipsters/statistics', StatisticsResponseSchema],
];

describe('anonymous cached catalogue responses', () => {
  it('are byte for byte what the route serializer sends, cold and warm', async () => {
    for (const [url, schema] of routes()) {
      await freshCatalogue(t);
      const cold = await get(t, url);
      const warm = await get(t, url);
      // Through the overlay and the route's serializer, not the encoded copy.
      const viaSerializer = await get(t, url, signedIn);
      expect(cold.statusCode, url).toBe(200);
      expect(warm.body, url).toBe(cold.body);
      expect(viaSerializer.body, url).toBe(cold.body);
      expect(serialize(schema, cold.body), url).toBe(cold.body);
      expect(warm.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(warm.headers['content-type'], url).toBe(viaSerializer.headers['content-type']);
      expect(warm.headers['content-length'], url).toBe(String(Buffer.byteLength(cold.body)));
    }
  });

  it('carry no paid selection, only the free one', async () => {
    await freshCatalogue(t);
    for (const [url] of routes()) {
      await get(t, url);
      const warm = await get(t, url);
      expect(warm.body.includes(PAID), url).toBe(false);
    }
    const page = (await get(t, '/api/tips?pageSize=50')).json() as z.infer<typeof TipPageSchema>;
    const paid = page.data.find((tip) => tip.id === paidTipId);
    expect(paid?.selection).toBeNull();
    expect(page.data.some((tip) => tip.selection === FREE)).toBe(true);
  });

  it('still come with the security headers and the request id', async () => {
    const response = await get(t, '/api/tipsters/statistics');
    expect(response.headers['content-security-policy']).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeDefined();
  });
});
