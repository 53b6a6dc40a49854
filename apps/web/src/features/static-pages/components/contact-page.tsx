import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function ContactPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.contact.title')} description={t('pages.contact.description')} />;
}
