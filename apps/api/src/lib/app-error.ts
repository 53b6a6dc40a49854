import { type ErrorCode, MESSAGES } from '@tips/contract';

/**
 * The one error type services and routes throw. The error handler turns it into the one body
 * `{code, errors, requestId}`; its messages are shown to the user as they are, so they must never
 * carry internals (or a tip's selection).
 */
export class AppError extends Error {
  readonly messages: string[];
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    messages: string | string[],
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list[0] ?? code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.messages = list;
    this.headers = options?.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

type Messages = string | string[];

export const badRequest = (messages: Messages = MESSAGES.badRequest) =>
  new AppError(400, 'BAD_REQUEST', messages);
export const unauthorized = (messages: Messages = MESSAGES.unauthorized) =>
  new AppError(401, 'UNAUTHORIZED', messages);
export const forbidden = (messages: Messages = MESSAGES.forbidden) =>
  new AppError(403, 'FORBIDDEN', messages);
/** Buying needs a verified email address (issue #19.9); the web offers to send the link again. */
export const emailNotVerified = () => new AppError(403, 'EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
export const notFound = (messages: Messages = MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', messages);
export const conflict = (messages: Messages) => new AppError(409, 'CONFLICT', messages);
/** A business rule said no (not enough credits, sales closed, …). */
export const unprocessable = (messages: Messages) => new AppError(422, 'UNPROCESSABLE', messages);
export const tooManyRequests = (retryAfterSeconds: number, messages: Messages = MESSAGES.rateLimited) =>
  new AppError(429, 'RATE_LIMITED', messages, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const unavailable = (messages: Messages = MESSAGES.unavailable, retryAfterSeconds?: number) =>
  new AppError(
    503,
    'UNAVAILABLE',
    messages,
    retryAfterSeconds === undefined ? undefined : { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
