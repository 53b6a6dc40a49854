import type { AiModelFigures, AiTierFigures } from '@tips/contract/ai-model.schemas';
import { useTranslation } from 'react-i18next';

const rate = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

/** A plan card's measured figures beside its advertised rate: backtest and live, with sample sizes. */
export function AiPlanFigures({
  tier,
  backtest,
}: {
  tier: AiTierFigures | undefined;
  backtest: AiModelFigures['backtest'] | undefined;
}) {
  const { t, i18n } = useTranslation();
  if (!tier || !backtest) return null;
  const seasons =
    backtest.seasons.length > 0
      ? `${backtest.seasons[0]} – ${backtest.seasons[backtest.seasons.length - 1]}`
      : '';
  const since = tier.live.since
    ? new Date(tier.live.since).toLocaleDateString(i18n.language, { dateStyle: 'medium' })
    : '';
  return (
    <dl
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border border-line bg-pitch-950/40 p-3 text-sm"
      data-testid="ai-plan-figures"
    >
      <dt className="font-semibold text-ink">{t('aiModel.backtest')}</dt>
      <dd className="text-ink-muted">
        <span className="font-bold text-ink" data-testid="backtest-rate">
          {rate(tier.backtest.hitRate)}
        </span>{' '}
        {t('aiModel.backtestLine', { n: tier.backtest.decided, seasons })}
      </dd>
      <dt className="font-semibold text-ink">{t('aiModel.live')}</dt>
      <dd className="text-ink-muted">
        {tier.live.decided > 0 ? (
          <>
            <span className="font-bold text-ink" data-testid="live-rate">
              {rate(tier.live.hitRate)}
            </span>{' '}
            {t('aiModel.liveLine', { n: tier.live.decided, date: since })}
          </>
        ) : (
          t('aiModel.liveNone')
        )}
      </dd>
    </dl>
  );
}
