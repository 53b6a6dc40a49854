import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';

export const TERMS_SECTIONS = 17;

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <LegalPage
      group="legalTerms"
      sectionCount={TERMS_SECTIONS}
      title={t('pages.terms.title')}
      description={t('pages.terms.description')}
    />
  );
}
