import { TermsPage } from '../../features/static-pages/components/terms-page';

export function Component() {
  return <TermsPage />;
}
