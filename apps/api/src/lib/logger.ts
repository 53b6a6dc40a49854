import type { LoggerOptions } from 'pino';
import type { LogLevel } from '../config/env';

// Secrets and paid content never reach the logs (ARCHITECTURE: a tip's selection stays hidden
// on every channel). Keys are matched at any of the first few levels of a logged object.
const SENSITIVE_KEYS = [
  'authorization',
  'cookie',
  'password',
  'Password',
  'newPassword',
  'NewPassword',
  'currentPassword',
  'confirmPassword',
  'token',
  'accessToken',
  'refreshToken',
  'RefreshToken',
  'access_token',
  'refresh_token',
  'RecaptchaToken',
  'recaptchaToken',
  'Code',
  'resetCode',
  'verificationCode',
  'secret',
  'clientSecret',
  'selection',
];

const SENSITIVE = new Set([...SENSITIVE_KEYS, 'set-cookie']);
const REDACTED = '[redacted]';
const MAX_DEPTH = 6;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a logged object with sensitive values replaced, walking plain objects and arrays a
 * few levels deep (class instances such as requests and errors go to pino's serializers as they
 * are). A bare `code` is kept (errors carry one); only a request body's code is a secret.
 *
 * This runs only for lines that are written. pino's own `redact` with wildcard paths would also
 * run for every child logger's bindings, i.e. for every request Fastify handles: 60 µs each with
 * these keys, a fifth of a cached request's cost (docs/performance.md).
 */
export function redactSensitive(value: unknown, depth = 0, parentKey = ''): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactSensitive(item, depth + 1, parentKey));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const secret = SENSITIVE.has(key) || (key === 'code' && parentKey === 'body');
    out[key] = secret ? REDACTED : redactSensitive(item, depth + 1, key);
  }
  return out;
}

/** Options for Fastify's built-in pino logger. */
export function createLoggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    formatters: { log: (object) => redactSensitive(object) as Record<string, unknown> },
  };
}
