import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';

export const PRIVACY_SECTIONS = 12;

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalPage
      group="legalPrivacy"
      sectionCount={PRIVACY_SECTIONS}
      title={t('pages.privacy.title')}
      description={t('pages.privacy.description')}
    />
  );
}
