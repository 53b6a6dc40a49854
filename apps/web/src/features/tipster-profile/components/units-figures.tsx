import { LEADERBOARD_MIN_SETTLED } from '@tips/contract/rules';
import type { TipsterProfile } from '@tips/contract/tipsters.schemas';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx';
import { formatGroupedInteger } from '../../../lib/format';
import { formatDecimal, formatPercent } from '../../../lib/tip-format';
import { signedUnits as signed } from '../results-series';
import { luckPhrase } from '../units-series';

/** The luck figure in plain words, and how it was estimated (decision 076). */
export function LuckSentence({ profile }: { profile: TipsterProfile }) {
  const { t } = useTranslation();
  if (!profile.luck) return <p className="text-sm text-ink-muted">{t('unitsRecord.luckNone')}</p>;
  const phrase = luckPhrase(profile.luck);
  const value = phrase.key === 'luckCommon' ? phrase.k : phrase.n;
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-gold-400/30 bg-gold-400/5 px-4 py-3">
      <p className="font-semibold text-ink" data-testid="luck-sentence">
        {t(`unitsRecord.${phrase.key}`, { n: formatGroupedInteger(value) })}
      </p>
      <p className="text-xs text-ink-muted">
        {t('unitsRecord.luckMethod', { simulations: formatGroupedInteger(profile.luck.simulations) })}
      </p>
    </div>
  );
}

/** Units, yield, sample size and the other figures of issue #18, beside the SPEC's hit rate. */
export function UnitsFigures({ profile }: { profile: TipsterProfile }) {
  const { t } = useTranslation();
  const figures = [
    {
      key: 'profit',
      value: t('tipsterProfile.units', { value: signed(profile.profit) }),
      tone: profile.profit,
    },
    { key: 'yield', value: formatPercent(profile.yield), tone: profile.yield },
    { key: 'sampleSize', value: String(profile.totalTips) },
    { key: 'unitsStaked', value: String(profile.unitsStaked) },
    { key: 'averageOdds', value: formatDecimal(profile.averageOdds) },
    { key: 'longestLosingRun', value: String(profile.longestLosingRun) },
    { key: 'maxDrawdown', value: t('tipsterProfile.units', { value: formatDecimal(profile.maxDrawdown) }) },
    {
      key: 'profitableMonths',
      value: t('unitsRecord.profitableMonthsValue', {
        profitable: profile.profitableMonths,
        months: profile.months,
      }),
    },
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="min-w-0 rounded-xl border border-line px-3.5 py-3">
            <dt className="text-xs font-bold uppercase tracking-[0.12em] break-words hyphens-auto text-ink-subtle">
              {t(`unitsRecord.${figure.key}`)}
            </dt>
            <dd
              className={cx(
                'mt-1 font-display text-2xl font-extrabold tabular-nums break-words max-sm:text-xl',
                'tone' in figure ? (figure.tone < 0 ? 'text-loss' : 'text-gold-200') : 'text-ink',
              )}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <LuckSentence profile={profile} />
      {profile.totalTips < LEADERBOARD_MIN_SETTLED ? (
        <p className="text-sm text-ink-muted">
          {t('unitsRecord.smallSample', { min: LEADERBOARD_MIN_SETTLED })}
        </p>
      ) : null}
    </div>
  );
}
