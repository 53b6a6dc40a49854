import { UnsubscribePage } from '../../features/alerts/components/unsubscribe-page';

export function Component() {
  return <UnsubscribePage />;
}
