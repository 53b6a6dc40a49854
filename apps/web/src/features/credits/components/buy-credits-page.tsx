import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function BuyCreditsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.buyCredits.title')}
      description={t('pages.buyCredits.description')}
      noIndex
    />
  );
}
