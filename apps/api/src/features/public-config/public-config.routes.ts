import { type PublicConfig, PublicConfigSchema } from '@tips/contract/public-config.schemas';
import type { AppInstance, FeatureDeps } from '../../app-types';
import type { AppConfig } from '../../config/env';

export const SANDBOX_LOCAL_CLIENT_ID = 'sandbox-local';
export const SANDBOX_LOCAL_SDK_PATH = '/api/sandbox/paypal/sdk/js';
const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';
const PAYPAL_SANDBOX_SDK_URL = 'https://www.sandbox.paypal.com/sdk/js';

/** The SDK that matches the REST base the server talks to: a sandbox order needs the sandbox SDK. */
function paypalSdkUrl(paypal: AppConfig['paypal']): string {
  if (paypal.mode === 'sandbox-local') return SANDBOX_LOCAL_SDK_PATH;
  return new URL(paypal.apiBase).hostname.includes('sandbox') ? PAYPAL_SANDBOX_SDK_URL : PAYPAL_SDK_URL;
}

export function toPublicConfig(config: AppConfig): PublicConfig {
  return {
    paypalClientId: config.paypal.clientId ?? SANDBOX_LOCAL_CLIENT_ID,
    paypalSdkUrl: paypalSdkUrl(config.paypal),
    // Only when the server verifies the tokens: a site key alone would make the browser do work for nothing.
    recaptchaSiteKey: config.recaptcha.enabled ? (config.recaptcha.siteKey ?? null) : null,
    livescoresUrl: config.livescoresUrl,
    seoKeywords: config.seoKeywords,
    supportEmail: config.mail.supportEmail,
  };
}

/** GET /api/config: the public, per-deployment settings the web app reads once. */
export async function publicConfigRoutes(app: AppInstance, { config }: FeatureDeps): Promise<void> {
  const body = toPublicConfig(config);
  app.get(
    '/config',
    {
      config: { ignoreAccessToken: true },
      schema: {
        tags: ['config'],
        summary: 'Public settings of this deployment (PayPal SDK, reCAPTCHA site key, live scores, SEO)',
        response: { 200: PublicConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
