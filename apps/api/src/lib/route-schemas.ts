import { ErrorBodySchema } from '@tips/contract';

/** Every back-office route answers these errors in the one error body. */
export const backofficeErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
};

export const adminDocs = { tags: ['admin'], security: [{ bearerAuth: [] }] };
export const tipsterDocs = { tags: ['tipster'], security: [{ bearerAuth: [] }] };
