import { z } from 'zod';
import type { AppInstance } from '../../../app-types';
import { unavailable } from '../../../lib/app-error';
import { errorResponses } from '../../../lib/route-schemas';
import type { PaypalWebhooksService } from './paypal-webhooks.service';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

const WebhookAnswerSchema = z.object({ eventId: z.string(), outcome: z.string(), duplicate: z.boolean() });

/**
 * PayPal's webhook (register <PUBLIC_URL>/api/paypal/webhooks in PayPal's dashboard and set
 * PAYPAL_WEBHOOK_ID). 2xx tells PayPal the event was handled, or had been; 400 a forged or
 * unreadable delivery; 503 "try again" (PayPal retries for three days).
 */
export async function paypalWebhooksRoutes(app: AppInstance, webhooks: PaypalWebhooksService | null) {
  app.post(
    '/paypal/webhooks',
    {
      // PayPal sends no user token; one sent by anyone else is not read.
      config: { ignoreAccessToken: true },
      schema: {
        tags: ['paypal'],
        summary: "Receives PayPal's webhook events (signature verified with PayPal)",
        body: z.looseObject({}),
        response: { 200: WebhookAnswerSchema, ...errorResponses(400, 503) },
      },
    },
    async (request) => {
      if (!webhooks) throw unavailable();
      const h = request.headers;
      return webhooks.receive(
        {
          authAlgo: header(h['paypal-auth-algo']),
          certUrl: header(h['paypal-cert-url']),
          transmissionId: header(h['paypal-transmission-id']),
          transmissionSig: header(h['paypal-transmission-sig']),
          transmissionTime: header(h['paypal-transmission-time']),
        },
        request.body,
      );
    },
  );
}
