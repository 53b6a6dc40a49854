import { TipsterTiersPage } from '../../features/static-pages/components/tipster-tiers-page';

export function Component() {
  return <TipsterTiersPage />;
}
