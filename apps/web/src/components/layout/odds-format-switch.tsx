import { formatOdds, ODDS_FORMATS, type OddsFormat } from '@tips/contract/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSignedIn } from '../../lib/auth-tokens';
import { cx } from '../../lib/cx';
import { useOddsFormatStore } from '../../stores/odds-format-store';
import { toast } from '../../stores/toast-store';

/**
 * The odds-format preference in the header (and the mobile menu): applied at once on every page,
 * kept in localStorage, and saved on the profile when signed in.
 */
export function OddsFormatSwitch({
  className,
  compact = false,
}: {
  className?: string;
  /** In the header (every width from 768 px, issue #30.3): each option shows its example only (2.50, 3/2, +150). */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const isSignedIn = useIsSignedIn();
  const format = useOddsFormatStore((state) => state.format);
  const setFormat = useOddsFormatStore((state) => state.setFormat);

  function choose(next: OddsFormat) {
    setFormat(next);
    if (!isSignedIn) return;
    // The HTTP client loads on the first change: the header is on the landing route, whose
    // JavaScript must not carry axios (decision 060).
    import('../../lib/api-client')
      .then(({ apiClient }) => apiClient.put('/users/profile/odds-format', { oddsFormat: next }))
      .catch(() => {
        toast.error(t('oddsFormat.saveFailed'));
      });
  }

  return (
    <span className={cx('inline-flex items-center gap-1.5', className)}>
      <label
        htmlFor={id}
        className={cx('text-xs font-semibold uppercase tracking-wide text-ink-subtle', compact && 'sr-only')}
      >
        {t('oddsFormat.label')}
      </label>
      <select
        id={id}
        value={format}
        onChange={(event) => choose(event.target.value as OddsFormat)}
        className="h-9 rounded-full border border-line bg-pitch-900 px-2.5 text-sm font-semibold text-ink focus-visible:outline-2 focus-visible:outline-gold-300"
        data-testid="odds-format-switch"
      >
        {ODDS_FORMATS.map((option) => (
          <option key={option} value={option}>
            {compact ? formatOdds(2.5, option) : t(`oddsFormat.${option}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
