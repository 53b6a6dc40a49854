import type { FeatureDeps } from '../../app-types';
import type { BuyerListsService } from './buyer-lists/buyer-lists.service';
import type { FollowsService } from './follows/follows.service';
import type { ManualRequestsService } from './manual/manual-requests.service';
import type { PaypalCheckout } from './paypal/paypal-checkout';
import type { CreditsPurchaseService } from './tip-purchases/credits-purchase.service';

/** What the commerce routes get: the app's deps plus the commerce services built once for them. */
export interface CommerceDeps extends FeatureDeps {
  checkout: PaypalCheckout;
  creditsPurchase: CreditsPurchaseService;
  follows: FollowsService;
  buyerLists: BuyerListsService;
  manualRequests: ManualRequestsService;
}
