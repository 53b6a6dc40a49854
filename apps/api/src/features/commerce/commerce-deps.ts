import type { FeatureDeps } from '../../app-types';
import type { PaypalCheckout } from './paypal/paypal-checkout';

/** What the commerce routes get: the app's deps plus the PayPal checkout built once for them. */
export interface CommerceDeps extends FeatureDeps {
  checkout: PaypalCheckout;
}
