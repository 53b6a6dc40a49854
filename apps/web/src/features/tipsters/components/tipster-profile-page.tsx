import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function TipsterProfilePage({ tipsterId }: { tipsterId: string }) {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.tipsterProfile.title')}
      eyebrow={`#${tipsterId}`}
      description={t('pages.tipsterProfile.description')}
    />
  );
}
