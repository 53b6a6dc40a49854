import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and /api/docs/json.
 * Registered before any route so that every route is collected.
 */

export const DOCS_PREFIX = '/api/docs';

export interface OpenApiOptions {
  publicUrl: string;
}

const openApiPlugin: FastifyPluginAsync<OpenApiOptions> = async (app, { publicUrl }) => {
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
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
};

export default fp(openApiPlugin, { name: 'openapi', fastify: '5.x' });
