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

function redactPaths(): string[] {
  const prefixes = ['', '*.', '*.*.', '*.*.*.', '*[*].', '*.*[*].'];
  const paths = prefixes.flatMap((prefix) => SENSITIVE_KEYS.map((key) => `${prefix}${key}`));
  // A bare `code` is kept (errors carry one); only request bodies' codes are secrets.
  return [
    ...paths,
    'body.code',
    '*.body.code',
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
  ];
}

/** Options for Fastify's built-in pino logger. */
export function createLoggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths(), censor: '[redacted]' },
  };
}
