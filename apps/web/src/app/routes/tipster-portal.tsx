import { TipsterPortalPage } from '../../features/tipster-portal/components/tipster-portal-page';

export function Component() {
  return <TipsterPortalPage />;
}
