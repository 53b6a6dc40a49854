import type { TipsterProfile } from '@tips/contract/tipsters.schemas';
import { useTranslation } from 'react-i18next';
import { useFormatOdds } from '../../../lib/odds';
import { formatPercent } from '../../../lib/tip-format';
import { useFootballNames } from '../../../lib/use-football-names';

/** A ring that fills to the hit rate; the number beside it is what is read out. */
function HitRateRing({ value }: { value: number }) {
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.min(100, Math.max(0, value)) / 100) * circumference;
  return (
    <svg viewBox="0 0 100 100" className="size-28 -rotate-90" aria-hidden="true" focusable="false">
      <circle cx="50" cy="50" r={radius} fill="none" stroke="var(--color-pitch-700)" strokeWidth="10" />
      <circle
        cx="50"
        cy="50"
        r={radius}
        fill="none"
        stroke="var(--color-gold-400)"
        strokeWidth="10"
        strokeLinecap="round"
        strokeDasharray={`${filled} ${circumference}`}
      />
    </svg>
  );
}

/** SPEC §2: performance (average odds and hit rate, two decimals) and the details list. */
export function TipsterPerformance({ profile }: { profile: TipsterProfile }) {
  const { t } = useTranslation();
  const names = useFootballNames();
  const formatOddsValue = useFormatOdds();
  const details = [
    { key: 'totalTips', value: String(profile.totalTips) },
    { key: 'hitRate', value: formatPercent(profile.hitRate) },
    { key: 'wins', value: String(profile.wins) },
    { key: 'draws', value: String(profile.draws) },
    { key: 'losses', value: String(profile.losses) },
    { key: 'location', value: profile.location ? names.location(profile.location) : '—' },
  ] as const;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="tipster-performance" className="flex flex-col gap-4">
        <h2 id="tipster-performance" className="font-display text-xl font-extrabold uppercase tracking-wide">
          {t('tipsterProfile.performance')}
        </h2>
        <div className="flex items-center gap-5">
          <div className="relative grid place-items-center">
            <HitRateRing value={profile.hitRate} />
            <span className="absolute font-display text-xl font-extrabold text-gold-200">
              {Math.round(profile.hitRate)}%
            </span>
          </div>
          <dl className="flex min-w-0 flex-col gap-3">
            <div>
              <dt className="text-xs font-bold uppercase tracking-[0.14em] break-words hyphens-auto text-ink-subtle">
                {t('tipsterProfile.hitRate')}
              </dt>
              <dd className="font-display text-3xl font-extrabold text-ink">
                {formatPercent(profile.hitRate)}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-bold uppercase tracking-[0.14em] break-words hyphens-auto text-ink-subtle">
                {t('tipsterProfile.averageOdds')}
              </dt>
              <dd className="font-display text-3xl font-extrabold text-ink">
                {formatOddsValue(profile.averageOdds)}
              </dd>
            </div>
          </dl>
        </div>
        {/* Issue #30.6: one hit rate on the whole site, with its rule said once, here. */}
        <p className="text-xs text-ink-muted" data-testid="hit-rate-rule">
          {t('tipsterProfile.hitRateRule')}
        </p>
      </section>
      <section aria-labelledby="tipster-details" className="flex flex-col gap-3">
        <h2 id="tipster-details" className="font-display text-xl font-extrabold uppercase tracking-wide">
          {t('tipsterProfile.details')}
        </h2>
        <dl className="divide-y divide-line rounded-xl border border-line">
          {details.map((detail) => (
            <div key={detail.key} className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm">
              <dt className="text-ink-muted">{t(`tipsterProfile.detailLabels.${detail.key}`)}</dt>
              <dd className="text-end font-semibold tabular-nums text-ink">{detail.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
