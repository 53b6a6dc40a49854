import { TipsterStatisticsPage } from '../../features/tipsters/components/tipster-statistics-page';

export function Component() {
  return <TipsterStatisticsPage />;
}
