import { SaferGamblingPage } from '../../features/safer-gambling/components/safer-gambling-page';

export function Component() {
  return <SaferGamblingPage />;
}
