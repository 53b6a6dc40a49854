import type { TipRecord } from '@tips/contract/tips.schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx';
import { cumulativeResults, signedUnits as signed, valueAxis } from '../results-series';
import { ResultsLegend } from './results-legend';
import { ResultsPlot } from './results-plot';
import { ResultsTable } from './results-table';

/**
 * The tipster's cumulative result over their recent settled tips, as profit in units at a flat
 * 1-unit stake. An inline SVG stretched to its box (strokes and dots keep their size through
 * non-scaling strokes); axis labels are HTML so they stay legible on phones. The figure has a
 * text summary for screen readers and the numbers in a table behind a disclosure.
 */
export function ResultsChart({ records }: { records: readonly TipRecord[] }) {
  const { t } = useTranslation();
  const gradientId = useId();
  const points = cumulativeResults(records);
  if (points.length === 0) return null;

  const totals = points.map((point) => point.total);
  const axis = valueAxis(totals);
  const final = totals[totals.length - 1];
  const wins = points.filter((point) => point.result === 'Win').length;
  const losses = points.filter((point) => point.result === 'Loss').length;
  const voids = points.length - wins - losses;
  const isUp = final >= 0;
  const colour = isUp ? 'var(--color-gold-400)' : 'var(--color-loss)';

  const summary = t('tipsterProfile.chartSummary', {
    tips: points.length,
    total: signed(final),
    wins,
    losses,
    voids,
  });

  return (
    <figure className="flex flex-col gap-4" aria-labelledby={`${gradientId}-caption`}>
      <figcaption id={`${gradientId}-caption`} className="flex flex-wrap items-end justify-between gap-3">
        <span className="flex flex-col">
          <span className="text-xs font-bold uppercase tracking-[0.16em] text-ink-subtle">
            {t('tipsterProfile.chartProfit')}
          </span>
          <span className={cx('font-display text-4xl font-extrabold', isUp ? 'text-gold-200' : 'text-loss')}>
            {t('tipsterProfile.units', { value: signed(final) })}
          </span>
        </span>
        <span className="text-sm text-ink-muted">
          {t('tipsterProfile.chartBasis', { tips: points.length })}
        </span>
        <span className="sr-only">{summary}</span>
      </figcaption>

      <ResultsPlot points={points} axis={axis} colour={colour} gradientId={gradientId} />

      <ResultsLegend />

      <ResultsTable points={points} />
    </figure>
  );
}
