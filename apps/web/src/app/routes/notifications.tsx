import { NotificationsPage } from '../../features/alerts/components/notifications-page';

export function Component() {
  return <NotificationsPage />;
}
