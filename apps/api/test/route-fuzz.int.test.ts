import { ErrorBodySchema, MESSAGES } from '@tips/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTipster, createUser } from '../src/db/seed/factories';
import { inlinedOpenApiDocument } from './openapi-document.test-support';
import { signTestAccessToken } from './session-token.test-support';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every route of the OpenAPI document, as an attacker calls it (issue #19.2, .3, .7): control
 * characters in every text field, path and query parameter, ids past int4, and URLs the router
 * itself refuses. Never a 5xx; every error is the one body, with the request id and the security
 * headers, and never echoes the URL.
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let t: TestApp;
let token: string;
let operations: Array<{ method: string; path: string; op: Operation }>;
const responses: Array<{ what: string; res: LightMyRequestResponse }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.database.db, { roles: ['user', 'tipster', 'admin'] });
  await createTipster(t.database.db, { userId: user.id });
  token = await signTestAccessToken(t, user);
  const doc = (await inlinedOpenApiDocument(t.app)) as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each request from its own address, so per-client rate limits do not turn answers into 429s. */
async function send(what: string, method: string, url: string, body?: unknown) {
  ipCounter++;
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  responses.push({ what: `${what}: ${method} ${url}`, res });
  return res;
}

const NUL = 'a\u0000b';
const CONTROLS = ['a\u0000b', '\u0007', 'x\u001bx', 'x\u007fx', 'x\u0085x'];
const BAD_IDS = ['2147483648', '99999999999999999999', '-1', '0', '1.5', '%00', 'a%00b', '%1B'];

const UUID = '00000000-0000-4000-8000-000000000000';

/** Path parameters filled with well-formed values, so that only the field under attack is wrong. */
function fill(path: string, op?: Operation): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const schema = op?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    return schema?.format === 'uuid' ? UUID : '1';
  });
}

/** The PayPal emulator answers as PayPal does (its own bodies and auth): not the API's contract. */
const isEmulator = (path: string) => path.startsWith('/api/sandbox/');

/** A field that takes free text (not a number-or-string query value, an enum, a format). */
function isPlainText(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.every((v) => isPlainText(v) || v.type === 'null');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.every((type) => type === 'string' || type === 'null') &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.format === undefined &&
    schema.pattern === undefined
  );
}

function isInteger(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.some((v) => isInteger(v));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer');
}

function jsonBodyProperties(op: Operation): Record<string, JsonSchema> {
  const schema = op.requestBody?.content?.['application/json']?.schema;
  return schema?.properties ?? {};
}

describe('every route of the OpenAPI document under attack', () => {
  it('covers the API', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('ids past int4 and junk ids in every path parameter: 400 or 404, never 5xx', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations.filter((o) => o.path.includes('{') && !isEmulator(o.path))) {
      for (const id of BAD_IDS) {
        const url = path.replace(/\{[^}]+\}/g, id);
        const res = await send('path id', method, url);
        if (![400, 404].includes(res.statusCode))
          failures.push(`${method} ${url} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('control characters and huge numbers in every query parameter: never 5xx, text refused', async () => {
    const failures: string[] = [];
    for (const { method, path, op } of operations) {
      for (const param of (op.parameters ?? []).filter((p) => p.in === 'query')) {
        for (const value of [...CONTROLS, '2147483648', '-99999999999999999999']) {
          const url = `${fill(path, op)}?${param.name}=${encodeURIComponent(value)}`;
          const res = await send('query', method, url);
          // Query text is refused with a clear 400 (the control-character message, or the
          // parameter's own when it takes only dates, enums or numbers).
          if (res.statusCode >= 500) failures.push(`${method} ${url} → ${res.statusCode}`);
          else if (
            isPlainText(param.schema) &&
            CONTROLS.includes(value) &&
            res.statusCode !== 400 &&
            !isEmulator(path)
          ) {
            failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('control characters in every text field of every JSON body: 400 with the one message', async () => {
    const failures: string[] = [];
    let textFields = 0;
    for (const { method, path, op } of operations) {
      const url = fill(path, op);
      for (const [name, schema] of Object.entries(jsonBodyProperties(op))) {
        if (isPlainText(schema) && !isEmulator(path)) {
          textFields++;
          for (const value of CONTROLS) {
            const res = await send('body text', method, url, { [name]: value });
            const refused = res.statusCode === 400 && res.json().errors?.includes(MESSAGES.controlCharacters);
            if (!refused) {
              failures.push(
                `${method} ${path} ${name}=${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            }
          }
        }
        const values = [
          ...(isInteger(schema) ? [2147483648, -2147483649, 1e20] : []),
          [2147483648, NUL],
          [2147483648, 2 ** 40],
          NUL,
        ];
        for (const value of values) {
          const res = await send('body', method, url, { [name]: value });
          if (res.statusCode >= 500)
            failures.push(`${method} ${path} ${name}=${JSON.stringify(value)} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(textFields).toBeGreaterThan(30);
  });

  it('URLs the router refuses go through the one error handler (414, bad encoding)', async () => {
    const cases: Array<[string, string, number]> = [
      ['POST', `/api/tipsters/follow/${'a'.repeat(150)}`, 414],
      ['GET', '/api/tips/%', 400],
      ['GET', '/api/tipsters/profile/%E0%A4%A', 400],
      ['GET', '/api/tipsters/profile/%C0%AF', 400],
    ];
    const failures: string[] = [];
    for (const [method, url, status] of cases) {
      const res = await send('router', method, url);
      const parsed = ErrorBodySchema.strict().safeParse(res.json());
      const ok =
        res.statusCode === status &&
        parsed.success &&
        parsed.data.code === 'BAD_REQUEST' &&
        res.headers['x-request-id'] === parsed.data.requestId &&
        String(res.headers['content-security-policy']).includes("frame-ancestors 'none'") &&
        res.headers['x-content-type-options'] === 'nosniff' &&
        !/aaaaaaaaaa|9999999999|%/.test(res.body);
      if (!ok)
        failures.push(`${method} ${url} → ${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('every answer above was the one error body or a success, and none was a 5xx', () => {
    expect(responses.length).toBeGreaterThan(400);
    const fives = responses.filter(({ res }) => res.statusCode >= 500);
    expect(fives.map(({ what, res }) => `${what} → ${res.statusCode}`)).toEqual([]);
    const others = responses.filter(
      ({ what, res }) =>
        res.statusCode >= 400 &&
        !what.includes(' /api/sandbox/') &&
        (!ErrorBodySchema.strict().safeParse(res.json()).success ||
          res.headers['x-request-id'] === undefined),
    );
    expect(others.map(({ what, res }) => `${what} → ${res.statusCode} ${res.body.slice(0, 120)}`)).toEqual(
      [],
    );
  });
});
