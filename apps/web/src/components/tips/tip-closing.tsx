import type { ClosingOdds } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { useFormatOdds } from '../../lib/odds';
import { formatPercent } from '../../lib/tip-format';

/** What a tip says of its closing (decision 155); every tip DTO and record carries these. */
export interface ClosingFacts {
  closingOdds: ClosingOdds | null;
  clv: number | null;
  noClosingPrice: boolean;
}

/** A CLV fraction as a signed percentage: 0.034 → "+3.40%", −0.012 → "-1.20%". */
export function formatClv(clv: number): string {
  const percent = clv * 100;
  return `${percent > 0 ? '+' : ''}${formatPercent(percent)}`;
}

/**
 * A tip's closing odds and CLV once it has closed, or "No closing price" when its market had none;
 * nothing before kick-off. `layout="dl"` renders items for a <dl> (records), `inline` spans.
 */
export function TipClosing({ tip, layout = 'inline' }: { tip: ClosingFacts; layout?: 'dl' | 'inline' }) {
  const { t } = useTranslation();
  const formatOddsValue = useFormatOdds();
  if (tip.noClosingPrice) {
    return layout === 'dl' ? (
      <div className="flex gap-1.5">
        <dt className="text-ink-subtle">{t('closing.odds')}:</dt>
        <dd className="text-ink-muted">{t('closing.noPrice')}</dd>
      </div>
    ) : (
      <span className="text-ink-subtle">{t('closing.noPrice')}</span>
    );
  }
  if (!tip.closingOdds) return null;
  const clv = tip.clv;
  const clvClass = cx('font-semibold tabular-nums', clv !== null && clv < 0 ? 'text-loss' : 'text-win');
  const title = t('closing.explain');
  if (layout === 'dl') {
    return (
      <>
        <div className="flex gap-1.5">
          <dt className="text-ink-subtle">{t('closing.odds')}:</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatOddsValue(tip.closingOdds.odds)}</dd>
        </div>
        {clv !== null ? (
          <div className="flex gap-1.5" title={title}>
            <dt className="text-ink-subtle">{t('closing.clv')}:</dt>
            <dd className={clvClass}>{formatClv(clv)}</dd>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <span className="text-ink-muted" title={title}>
      {t('closing.odds')}{' '}
      <strong className="tabular-nums text-ink">{formatOddsValue(tip.closingOdds.odds)}</strong>
      {clv !== null ? (
        <>
          {' · '}
          {t('closing.clv')} <strong className={clvClass}>{formatClv(clv)}</strong>
        </>
      ) : null}
    </span>
  );
}
