import type { UnitsPoint } from '@tips/contract/tipsters.schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx';
import { formatDate } from '../../../lib/tip-format';
import { signedUnits as signed, valueAxis } from '../results-series';
import { unitsPlotPoints } from '../units-series';
import { ResultsPlot } from './results-plot';

/**
 * Cumulative profit in units (stakes 1–10) at the end of each day with settled tips, from the
 * series settlement keeps (decision 075). The figure has a text summary for screen readers and
 * its numbers in a table behind a disclosure.
 */
export function UnitsChart({ series }: { series: readonly UnitsPoint[] }) {
  const { t } = useTranslation();
  const gradientId = useId();
  const points = unitsPlotPoints(series);
  if (points.length === 0) return null;
  const totals = points.map((point) => point.total);
  const axis = valueAxis(totals);
  const final = totals[totals.length - 1];
  const tips = points.reduce((sum, point) => sum + point.tips, 0);
  const isUp = final >= 0;
  const colour = isUp ? 'var(--color-gold-400)' : 'var(--color-loss)';
  return (
    <figure className="flex flex-col gap-4" aria-labelledby={`${gradientId}-caption`}>
      <figcaption id={`${gradientId}-caption`} className="flex flex-wrap items-end justify-between gap-3">
        <span className="flex flex-col">
          <span className="text-xs font-bold uppercase tracking-[0.16em] text-ink-subtle">
            {t('unitsRecord.chartProfit')}
          </span>
          <span className={cx('font-display text-4xl font-extrabold', isUp ? 'text-gold-200' : 'text-loss')}>
            {t('tipsterProfile.units', { value: signed(final) })}
          </span>
        </span>
        <span className="text-sm text-ink-muted">
          {t('unitsRecord.chartBasis', { days: points.length, tips })}
        </span>
        <span className="sr-only">
          {t('unitsRecord.chartSummary', {
            tips,
            total: signed(final),
            low: signed(Math.min(0, ...totals)),
            high: signed(Math.max(0, ...totals)),
          })}
        </span>
      </figcaption>
      <ResultsPlot points={points} axis={axis} colour={colour} gradientId={gradientId} />
      <details className="rounded-lg border border-line px-4 py-2 text-sm">
        <summary className="cursor-pointer py-1 font-semibold text-gold-200">
          {t('tipsterProfile.chartData')}
        </summary>
        <div className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-xs">
            <thead className="text-ink-subtle">
              <tr>
                <th scope="col" className="py-1.5 text-start font-semibold">
                  {t('tipsterRecords.date')}
                </th>
                <th scope="col" className="py-1.5 text-end font-semibold">
                  {t('unitsRecord.tips')}
                </th>
                <th scope="col" className="py-1.5 text-end font-semibold">
                  {t('unitsRecord.dayChange')}
                </th>
                <th scope="col" className="py-1.5 text-end font-semibold">
                  {t('tipsterProfile.chartTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.id} className="border-t border-line tabular-nums">
                  <td className="py-1.5 pe-2 whitespace-nowrap">{formatDate(point.eventTime)}</td>
                  <td className="py-1.5 pe-2 text-end">{point.tips}</td>
                  <td className="py-1.5 pe-2 text-end">{signed(point.change)}</td>
                  <td className="py-1.5 text-end">{signed(point.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
