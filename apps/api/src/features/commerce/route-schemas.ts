import { ErrorBodySchema } from '@tips/contract';

/** The error bodies a route can answer with, for its OpenAPI description. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
}
