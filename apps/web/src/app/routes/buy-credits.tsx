import { BuyCreditsPage } from '../../features/credits/components/buy-credits-page';

export function Component() {
  return <BuyCreditsPage />;
}
