import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';

/** The rules a tipster accepts when applying (issue #28, decision 140), linked from the form. */
export const CHARTER_SECTIONS = 7;

export function TipsterCharterPage() {
  const { t } = useTranslation();
  return (
    <LegalPage
      group="tipsterCharter"
      sectionCount={CHARTER_SECTIONS}
      title={t('pages.tipsterCharter.title')}
      description={t('pages.tipsterCharter.description')}
    />
  );
}
