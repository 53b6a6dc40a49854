import { z } from 'zod';
import type { AppConfig } from '../../config/env';
import { fetchWithRetry } from '../../lib/http-retry';

export type RecaptchaAction = 'login' | 'signup';

/** Port for the bot check; the routes never know whether it is real, off, or a test fake. */
export interface RecaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string | undefined, action: RecaptchaAction, remoteIp?: string): Promise<boolean>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

const SiteVerifyResponseSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

const VERIFY_TIMEOUT_MS = 3000;

/** Used when no secret is configured: every request passes. */
export const disabledRecaptcha: RecaptchaVerifier = { enabled: false, verify: async () => true };

/**
 * reCAPTCHA v3 through Google's siteverify API (or any stand-in at `verifyUrl`). A token passes
 * when Google says so, it was minted for the expected action, and its score reaches `minScore`.
 * Unreachable or malformed answers fail closed: a bot check that cannot be made is not passed.
 */
export function createHttpRecaptchaVerifier(
  options: { secret: string; verifyUrl: string; minScore: number },
  log: Logger,
  fetchImpl: typeof fetch = fetch,
): RecaptchaVerifier {
  return {
    enabled: true,
    async verify(token, action, remoteIp) {
      if (!token || token.length > 4096) return false;
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        // One retry on a network error or 5xx: a token Google already saw answers
        // timeout-or-duplicate, which fails closed, so repeating costs nothing.
        const res = await fetchWithRetry(
          options.verifyUrl,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
          },
          { fetch: fetchImpl, timeoutMs: VERIFY_TIMEOUT_MS, retries: 1, idempotent: true },
        );
        if (!res.ok) {
          log.warn({ status: res.status }, 'reCAPTCHA verify endpoint answered with an error');
          return false;
        }
        const parsed = SiteVerifyResponseSchema.safeParse(await res.json());
        if (!parsed.success) {
          log.warn({}, 'reCAPTCHA verify endpoint answered with an unexpected body');
          return false;
        }
        const { success, score, action: tokenAction } = parsed.data;
        return success && tokenAction === action && (score ?? 0) >= options.minScore;
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'reCAPTCHA verification failed');
        return false;
      }
    },
  };
}

/** Chooses the verifier from config (buildApp logs at start-up when the check is off). */
export function createRecaptchaVerifier(config: AppConfig['recaptcha'], log: Logger): RecaptchaVerifier {
  if (!config.enabled || !config.secret) return disabledRecaptcha;
  return createHttpRecaptchaVerifier(
    { secret: config.secret, verifyUrl: config.verifyUrl, minScore: config.minScore },
    log,
  );
}
