import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function CheckoutPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.checkout.title')}
      description={t('pages.checkout.description')}
      noIndex
    />
  );
}
