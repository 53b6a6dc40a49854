import type { AppConfig } from '../../../config/env';
import type { PaypalPort } from './paypal.port';
import { createPaypalRestClient } from './paypal-rest.client';

/** Credentials the local emulator accepts; real ones are required in live mode (config checks pairs). */
export const SANDBOX_LOCAL_CREDENTIALS = {
  clientId: 'sandbox-local-client',
  clientSecret: 'sandbox-local-secret',
};

/** The PayPal port for this configuration: PayPal's API, or the emulator this server hosts. */
export function createPaypalClient(paypal: AppConfig['paypal'], fetchImpl?: typeof fetch): PaypalPort {
  return createPaypalRestClient({
    apiBase: paypal.apiBase,
    clientId: paypal.clientId ?? SANDBOX_LOCAL_CREDENTIALS.clientId,
    clientSecret: paypal.clientSecret ?? SANDBOX_LOCAL_CREDENTIALS.clientSecret,
    fetch: fetchImpl,
  });
}
