import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function TipsterStatisticsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.statistics.title')} description={t('pages.statistics.description')} />
  );
}
