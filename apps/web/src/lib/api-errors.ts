import type { AxiosError } from 'axios';

/**
 * Reading the API's failures (SPEC §8), without axios: a page that only reports errors, like the
 * sign-in form before it is sent, need not load the HTTP client to paint (decision 193).
 */

/** The one error body every API failure returns (ARCHITECTURE, API conventions). */
export interface ApiErrorBody {
  code: string;
  errors: string[];
  requestId: string;
}

/** axios's own test (`axios.isAxiosError`), without loading axios to run it. */
function isHttpError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** The API's error body when `error` is an HTTP error that carries one. */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  if (!isHttpError(error)) return null;
  const body = error.response?.data as Partial<ApiErrorBody> | undefined;
  if (!body || !Array.isArray(body.errors)) return null;
  return {
    code: typeof body.code === 'string' ? body.code : '',
    errors: body.errors.filter((message): message is string => typeof message === 'string'),
    requestId: typeof body.requestId === 'string' ? body.requestId : '',
  };
}

/** SPEC §8: failures show the first message of the response's errors list. */
export function firstErrorMessage(error: unknown): string | undefined {
  return apiErrorBody(error)?.errors[0];
}

export function apiErrorStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}
