import { PublicConfigSchema } from '@tips/contract/public-config.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// The route never queries, so a fake database keeps these tests fast.
async function configWith(env: Record<string, string> = {}) {
  t = await createTestApp({ database: createFakeDatabase(), env });
  const response = await t.app.inject({ method: 'GET', url: '/api/config' });
  expect(response.statusCode).toBe(200);
  return { response, body: PublicConfigSchema.parse(response.json()) };
}

describe('GET /api/config', () => {
  // #21.3: one configured support address, the same on the site and in every email.
  it('names the configured support address', async () => {
    const { body } = await configWith({ SUPPORT_EMAIL: 'help@tips.example' });
    expect(body.supportEmail).toBe('help@tips.example');
    expect(t!.config.mail.supportEmail).toBe('help@tips.example');
  });

  it('points the PayPal SDK at the local stand-in and turns reCAPTCHA off by default', async () => {
    const { response, body } = await configWith();
    expect(body).toEqual({
      paypalClientId: 'sandbox-local',
      paypalSdkUrl: '/api/sandbox/paypal/sdk/js',
      recaptchaSiteKey: null,
      livescoresUrl: 'https://www.scorebat.com/embed/livescore/',
      seoKeywords: true,
      supportEmail: 'support@tipsmarket.example',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers the stand-in SDK it names in sandbox-local mode', async () => {
    await configWith();
    const sdk = await t!.app.inject({
      method: 'GET',
      url: '/api/sandbox/paypal/sdk/js?client-id=sandbox-local',
    });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.headers['content-type']).toContain('javascript');
  });

  it('gives PayPal credentials, reCAPTCHA and the other settings from the environment, and no secret', async () => {
    const { response, body } = await configWith({
      PAYPAL_CLIENT_ID: 'client-abc',
      PAYPAL_CLIENT_SECRET: 'paypal-secret-value',
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_SECRET: 'recaptcha-secret-value',
      LIVESCORES_URL: 'https://scores.example.com/widget',
      SEO_KEYWORDS: 'false',
    });
    expect(body).toEqual({
      paypalClientId: 'client-abc',
      paypalSdkUrl: 'https://www.sandbox.paypal.com/sdk/js',
      recaptchaSiteKey: 'site-key-123',
      livescoresUrl: 'https://scores.example.com/widget',
      seoKeywords: false,
      supportEmail: 'support@tipsmarket.example',
    });
    expect(response.body).not.toContain('secret-value');
  });

  it('loads the live SDK when the server talks to live PayPal', async () => {
    const { body } = await configWith({
      PAYPAL_CLIENT_ID: 'client-live',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
    });
    expect(body.paypalSdkUrl).toBe('https://www.paypal.com/sdk/js');
  });

  it('ignores an access token, even an invalid one', async () => {
    t = await createTestApp({ database: createFakeDatabase() });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(200);
  });
});
