import { StatisticsPage } from '../../features/statistics/components/statistics-page';

export function Component() {
  return <StatisticsPage />;
}
