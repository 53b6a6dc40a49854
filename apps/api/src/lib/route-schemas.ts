import { ErrorBodySchema } from '@tips/contract';

/**
 * The error bodies a route can answer with, for its OpenAPI description: every status has the one
 * error body (plugins/error-handler.ts). The one way routes declare their errors.
 */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
}

/** Every back-office route answers these errors. */
export const backofficeErrors = errorResponses(400, 401, 403, 404, 409, 422);

export const adminDocs = { tags: ['admin'], security: [{ bearerAuth: [] }] };
export const tipsterDocs = { tags: ['tipster'], security: [{ bearerAuth: [] }] };
