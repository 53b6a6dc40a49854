import { type ErrorBody, type ErrorCode, MESSAGES } from '@tips/contract';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isAppError, notFound } from '../lib/app-error';

/**
 * The single error handler and not-found handler: every failure leaves as
 * `{code, errors: string[], requestId}`. 4xx messages are for the user; 5xx bodies never carry
 * internals (the details go to the log with the request id).
 */

/** Serves a non-API page (the SPA's index.html) for a request nothing else matched, or declines. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export interface ErrorHandlerOptions {
  notFoundFallback?: NotFoundFallback;
}

export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';
export const MALFORMED_JSON_MESSAGE = 'The request body is not valid JSON.';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Unsupported content type.';
/** Retry-After of a 503 whose cause named no time. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;
export const URL_TOO_LONG_MESSAGE = 'The request URL is too long.';
export const BAD_URL_MESSAGE = 'The request URL is not valid.';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

type MaybeFastifyError = Error & Partial<Pick<FastifyError, 'code' | 'statusCode' | 'validation'>>;

/** Turns anything thrown into the AppError the client will see. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const messages = [...new Set(error.validation.map((issue) => issue.message ?? MESSAGES.badRequest))];
    return new AppError(400, 'BAD_REQUEST', messages, { cause: error });
  }
  if (!(error instanceof Error) || isResponseSerializationError(error)) {
    return new AppError(500, 'INTERNAL', MESSAGES.internal, { cause: error });
  }
  const { code, statusCode, validation } = error as MaybeFastifyError;
  // The router's own errors carry the URL in their message: never echoed.
  if (code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new AppError(414, 'BAD_REQUEST', URL_TOO_LONG_MESSAGE, { cause: error });
  if (code === 'FST_ERR_BAD_URL') return new AppError(400, 'BAD_REQUEST', BAD_URL_MESSAGE, { cause: error });
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE, { cause: error });
  }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (statusCode === 400 && error instanceof SyntaxError)) {
    return new AppError(400, 'BAD_REQUEST', MALFORMED_JSON_MESSAGE, { cause: error });
  }
  if (statusCode === 415) {
    return new AppError(415, 'BAD_REQUEST', UNSUPPORTED_MEDIA_TYPE_MESSAGE, { cause: error });
  }
  if (validation) return new AppError(400, 'BAD_REQUEST', error.message, { cause: error });
  if (statusCode === 429) return new AppError(429, 'RATE_LIMITED', MESSAGES.rateLimited, { cause: error });
  if (statusCode === 503) return new AppError(503, 'UNAVAILABLE', MESSAGES.unavailable, { cause: error });
  // Fastify's and its plugins' own client errors (bad content length, empty body…) are safe to show.
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return new AppError(statusCode, CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST', error.message, {
      cause: error,
    });
  }
  return new AppError(500, 'INTERNAL', MESSAGES.internal, { cause: error });
}

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return { code: error.code, errors: error.messages, requestId };
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    request.log.error({ err: appError.cause ?? error }, 'request failed');
  } else {
    request.log.info({ code: appError.code, status: appError.status }, appError.messages[0]);
  }
  for (const [name, value] of Object.entries(appError.headers ?? {})) reply.header(name, value);
  // Every 503 says when to come back (issue #19.11), whoever raised it (PayPal down, a plugin).
  if (appError.status === 503 && !reply.hasHeader('retry-after')) {
    reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  }
  return reply
    .code(appError.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(appError, request.id));
}

const errorHandlerPlugin: FastifyPluginAsync<ErrorHandlerOptions> = async (app, options) => {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    if (options.notFoundFallback && (await options.notFoundFallback(request, reply))) return reply;
    return sendError(notFound(), request, reply);
  });
};

export default fp(errorHandlerPlugin, { name: 'error-handler', fastify: '5.x' });
