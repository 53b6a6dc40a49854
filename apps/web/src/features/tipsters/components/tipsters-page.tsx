import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export type TipsterListCategory = 'premium' | 'senior' | 'all';

const TITLE_KEYS: Record<TipsterListCategory, string> = {
  premium: 'pages.tipsters.titlePremium',
  senior: 'pages.tipsters.titleSenior',
  all: 'pages.tipsters.title',
};

export function TipstersPage({ category }: { category: TipsterListCategory }) {
  const { t } = useTranslation();
  return <PlaceholderPage title={t(TITLE_KEYS[category])} description={t('pages.tipsters.description')} />;
}
