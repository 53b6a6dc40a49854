import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function LivescoresPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.livescores.title')} description={t('pages.livescores.description')} />
  );
}
