import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function TermsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.terms.title')} description={t('pages.terms.description')} />;
}
