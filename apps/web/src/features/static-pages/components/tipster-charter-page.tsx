import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LegalPage } from './legal-page';

/** The rules a tipster accepts when applying (issue #28, decision 140), linked from the form. */
export const CHARTER_SECTIONS = 7;
/** The day the charter's text last changed (decisions 140 and 165). */
export const CHARTER_UPDATED_ON = '2026-11-27';

export function TipsterCharterPage() {
  const { t } = useTranslation();
  return (
    <LegalPage
      group="tipsterCharter"
      sectionCount={CHARTER_SECTIONS}
      title={t('pages.tipsterCharter.title')}
      description={t('pages.tipsterCharter.description')}
      updatedOn={CHARTER_UPDATED_ON}
    >
      <p>
        <Link
          to="/tipster-tiers"
          className="font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200"
        >
          {t('tipsterTiers.fromCharter')}
        </Link>
      </p>
    </LegalPage>
  );
}
