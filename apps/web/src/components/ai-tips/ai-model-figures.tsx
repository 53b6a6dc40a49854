import type { AiModelFigures, AiTierFigures } from '@tips/contract/ai-model.schemas';
import { useTranslation } from 'react-i18next';
import { useAiModelFigures } from '../../lib/queries/ai-model-query';

const rate = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

/**
 * An AI tier's measured figures beside its advertised rate (plan cards, AI tipster profiles):
 * backtest and live hit rates with their sample sizes, from GET /api/ai-model.
 */
export function MeasuredRates({
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

/** An AI tipster's profile panel: the advertised rate, then the measured ones. */
export function AiTierFiguresPanel({ category }: { category: string }) {
  const { t } = useTranslation();
  const figures = useAiModelFigures();
  const tier = figures.data?.tiers.find((x) => x.category === category);
  if (!tier) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="ai-tier-figures">
      <p className="flex items-baseline gap-2">
        <span className="font-display text-3xl font-extrabold text-gold-200">{tier.advertisedRate}%</span>
        <span className="text-sm text-ink-muted">{t('aiModel.advertised')}</span>
      </p>
      <MeasuredRates tier={tier} backtest={figures.data?.backtest} />
      <p className="text-sm text-ink-subtle">{t('aiModel.disclaimer')}</p>
    </div>
  );
}
