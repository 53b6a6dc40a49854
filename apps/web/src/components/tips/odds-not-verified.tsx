import { useTranslation } from 'react-i18next';

/**
 * The small label of a tip published before odds were checked against the market (decision 150):
 * its odds are what the tipster typed, not a price a bookmaker offered.
 */
export function OddsNotVerified() {
  const { t } = useTranslation();
  return (
    <span
      title={t('oddsFormat.notVerifiedHint')}
      data-testid="odds-not-verified"
      className="ms-1.5 inline-block rounded border border-line px-1 py-px align-middle text-[0.65rem] font-semibold uppercase tracking-wide text-ink-subtle"
    >
      {t('oddsFormat.notVerified')}
    </span>
  );
}
