import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contract from '@tips/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUTE_SUMMARIES } from './openapi-summaries';

/**
 * OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and /api/docs/json
 * (app.ts registers it unless config.apiDocs is off: production without API_DOCS=true).
 * Registered before any route so that every route is collected. Made for client generators:
 * every operation has an operationId (from its method and path) and a summary, and the contract's
 * shared schemas are components referenced by $ref instead of copied inline into each route.
 */

export const DOCS_PREFIX = '/api/docs';

export interface OpenApiOptions {
  publicUrl: string;
}

/** `GET /api/tipsters/profile/:id` → `getTipstersProfileById`: stable, unique per route. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  const camel = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel || 'Root'}`;
}

/**
 * The contract's exported zod schemas (`FooSchema` → component `Foo`), in a registry of their
 * own: the global one would also collect schemas of other libraries. One that cannot be written
 * as JSON Schema both ways (a bare transform) stays inline where it is used.
 */
const PARAMETER_SCHEMA = /(Params?|Query|Querystring|Headers?|Filters?)Schema$/;

export function contractSchemaRegistry() {
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(contract)) {
    if (!(value instanceof z.ZodType) || !name.endsWith('Schema')) continue;
    // Path, query and header schemas become OpenAPI parameters, which must be written out inline.
    if (PARAMETER_SCHEMA.test(name)) continue;
    try {
      z.toJSONSchema(value, { io: 'output', unrepresentable: 'throw' });
      z.toJSONSchema(value, { io: 'input', unrepresentable: 'throw' });
    } catch {
      continue;
    }
    if (!registry.has(value)) registry.add(value, { id: name.slice(0, -'Schema'.length) });
  }
  return registry;
}

const openApiPlugin: FastifyPluginAsync<OpenApiOptions> = async (app, { publicUrl }) => {
  const schemaRegistry = contractSchemaRegistry();
  const transform = createJsonSchemaTransform({ skipList: [], schemaRegistry });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tips Market API', version: '1.0.0' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // swagger-ui and @fastify/static hide their own routes; nothing else needs skipping.
    transform: (input) => {
      const output = transform(input);
      const schema = (output.schema ?? {}) as Record<string, unknown>;
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      schema.operationId ??= operationIdFor(method, input.url);
      const openApiPath = input.url.replace(/:(\w+)/g, '{$1}');
      schema.summary ??= ROUTE_SUMMARIES[`${method.toUpperCase()} ${openApiPath}`];
      return { ...output, schema } as typeof output;
    },
    transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
};

export default fp(openApiPlugin, { name: 'openapi', fastify: '5.x' });
