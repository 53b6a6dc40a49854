import { TipsterCharterPage } from '../../features/static-pages/components/tipster-charter-page';

export function Component() {
  return <TipsterCharterPage />;
}
