import { PrivacyPage } from '../../features/static-pages/components/privacy-page';

export function Component() {
  return <PrivacyPage />;
}
