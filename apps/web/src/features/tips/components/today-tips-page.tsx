import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export type TodayTipsCategory = 'premium' | 'senior' | 'all';

const TITLE_KEYS: Record<TodayTipsCategory, string> = {
  premium: 'pages.todayTips.titlePremium',
  senior: 'pages.todayTips.titleSenior',
  all: 'pages.todayTips.title',
};

export function TodayTipsPage({ category }: { category: TodayTipsCategory }) {
  const { t } = useTranslation();
  return <PlaceholderPage title={t(TITLE_KEYS[category])} description={t('pages.todayTips.description')} />;
}
