import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { CachedResponses } from './cached-responses';

/**
 * A response body encoded once, when it was cached, instead of on every request.
 *
 * Routes serialise replies through their zod response schema (fastify-type-provider-zod: `encode`,
 * which strips every field the schema does not declare, then JSON.stringify). A cached public page
 * is the same for every anonymous caller, so the catalogue runs that very encoding once, when it
 * loads the page, and keeps the string next to the page: an anonymous cache hit then sends bytes
 * (docs/decisions/041-catalogue-fast-path.md). Only the public view is ever encoded this way;
 * whatever depends on the caller goes through the overlay and the route's serializer as before.
 */
export class EncodedJson {
  constructor(readonly json: string) {}
}

/** What the route's serializer would send for `value`: the same function, so the same bytes. */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** What the route sends the bytes as; the cached-response door repeats it. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends pre-encoded JSON as is, or returns the DTO for the route's serializer. Fastify hands a
 * string with a JSON content type straight to onSend (no serializer), so the schema runs once per
 * cache fill, not per request. The public bytes are also offered to `responses`, which keeps them
 * for the next anonymous request of the same URL (cached-responses.ts).
 */
export function replyWith<T>(
  reply: FastifyReply,
  result: T,
  responses: CachedResponses,
): Exclude<T, EncodedJson> | FastifyReply {
  if (!(result instanceof EncodedJson)) return result as Exclude<T, EncodedJson>;
  responses.keep(reply.request.raw, result.json);
  return reply.type(JSON_TYPE).send(result.json);
}
