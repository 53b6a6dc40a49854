import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function AboutPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.about.title')} description={t('pages.about.description')} />;
}
