import { AlertSettingsBox } from '../../features/alerts/components/alert-settings-box';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';

export function Component() {
  return <DashboardPage accountExtras={<AlertSettingsBox />} />;
}
