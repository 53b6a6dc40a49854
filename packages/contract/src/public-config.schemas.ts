import { z } from 'zod';

// GET /api/config: what the browser needs to know about this deployment, read once at start-up.
export const PublicConfigSchema = z.object({
  // The PayPal client id the JS SDK is loaded with ('sandbox-local' when the local stand-in runs).
  paypalClientId: z.string(),
  // Where the PayPal JS SDK is loaded from: PayPal's, or this server's stand-in in sandbox-local mode.
  paypalSdkUrl: z.string(),
  // reCAPTCHA v3 site key; null when bot protection is off (the web app then loads no script).
  recaptchaSiteKey: z.string().nullable(),
  livescoresUrl: z.string(),
  // Whether pages render the hidden SEO keyword block.
  seoKeywords: z.boolean(),
  // The one support address (SUPPORT_EMAIL): the site shows what the emails say.
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
