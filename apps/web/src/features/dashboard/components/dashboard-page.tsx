import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.dashboard.title')}
      description={t('pages.dashboard.description')}
      noIndex
    />
  );
}
