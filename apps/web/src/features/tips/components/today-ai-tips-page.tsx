import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function TodayAiTipsPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('pages.aiTips.title')} description={t('pages.aiTips.description')} />;
}
