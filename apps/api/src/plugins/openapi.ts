import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contract from '@tips/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CROSS_PARAMETER_RULES, ROUTE_SUMMARIES } from './openapi-summaries';

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
    if (PARAMETER_SCHEMA.test(name) || contract.parameterDocs.has(value)) continue;
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

/** Marks, inside a parameter's schema, what belongs on the parameter itself (lifted out below). */
const PARAMETER_FIELDS = 'x-parameter';

/**
 * zod → JSON Schema, node by node (issue #32, decision 121). A schema the contract documented as a
 * parameter (parameterDocs: coerced from the URL, so its input side reads "number or any string")
 * is written as what the server checks. Unions keep the type provider's own clean-up: no empty
 * branch.
 */
export function documentParameters(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) {
  const doc = contract.parameterDocs.get(ctx.zodSchema as z.ZodType);
  if (doc) {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    const { allowEmptyValue, commaJoined } = doc;
    Object.assign(ctx.jsonSchema, structuredClone(doc.schema), {
      [PARAMETER_FIELDS]: {
        ...(allowEmptyValue ? { allowEmptyValue } : {}),
        ...(commaJoined ? { style: 'form', explode: false } : {}),
      },
    });
    return;
  }
  const anyOf = ctx.jsonSchema.anyOf;
  if ((ctx.zodSchema as z.ZodType)._zod?.def.type === 'union' && Array.isArray(anyOf)) {
    ctx.jsonSchema.anyOf = anyOf.filter((branch) => Object.keys(branch).length > 0);
  }
}

interface ParameterObject {
  schema?: Record<string, unknown>;
  [field: string]: unknown;
}

/** Moves each parameter's PARAMETER_FIELDS (allowEmptyValue, style, explode) onto the parameter. */
export function liftParameterFields<T extends { paths?: object }>(document: T): T {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values((item ?? {}) as object)) {
      const parameters = (operation as { parameters?: ParameterObject[] }).parameters ?? [];
      for (const parameter of parameters) {
        const fields = parameter.schema?.[PARAMETER_FIELDS];
        if (!fields) continue;
        delete parameter.schema?.[PARAMETER_FIELDS];
        // allowEmptyValue is for query parameters only (OpenAPI 3.1 § Parameter Object).
        const { allowEmptyValue, ...rest } = fields as Record<string, unknown>;
        Object.assign(
          parameter,
          rest,
          parameter.in === 'query' && allowEmptyValue ? { allowEmptyValue } : {},
        );
      }
    }
  }
  return document;
}

const openApiPlugin: FastifyPluginAsync<OpenApiOptions> = async (app, { publicUrl }) => {
  const schemaRegistry = contractSchemaRegistry();
  const zodToJsonConfig = { override: documentParameters };
  const transform = createJsonSchemaTransform({ skipList: [], schemaRegistry, zodToJsonConfig });
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry, zodToJsonConfig });
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
      const key = `${method.toUpperCase()} ${openApiPath}`;
      schema.summary ??= ROUTE_SUMMARIES[key];
      if (CROSS_PARAMETER_RULES[key]) {
        schema.description = [schema.description, CROSS_PARAMETER_RULES[key]].filter(Boolean).join('\n\n');
      }
      return { ...output, schema } as typeof output;
    },
    transformObject: (input) => liftParameterFields(transformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
};

export default fp(openApiPlugin, { name: 'openapi', fastify: '5.x' });
