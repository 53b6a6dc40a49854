import type { TipRecord } from '@tips/contract/tips.schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx';
import { formatDate, formatDecimal, formatShortDate } from '../../../lib/tip-format';
import { cumulativeResults, type ResultPoint, valueAxis } from '../results-series';

function signed(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatDecimal(Math.abs(value))}`;
}

const DOT_COLOURS: Record<string, string> = {
  Win: 'var(--color-win)',
  Loss: 'var(--color-loss)',
  Void: 'var(--color-ink-subtle)',
};

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

  // viewBox units: x 0..100 over the tips (with a start at 0), y 0..100 top to bottom.
  const x = (index: number) => (points.length === 1 ? 100 : ((index + 1) / points.length) * 100);
  const y = (value: number) => ((axis.max - value) / (axis.max - axis.min)) * 100;
  const line = [`M0 ${y(0)}`, ...points.map((point, index) => `L${x(index)} ${y(point.total)}`)].join(' ');
  const area = `${line} L100 ${y(0)} Z`;
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

      <div dir="ltr" className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2" aria-hidden="true">
        <div className="relative h-52 w-11 md:h-64">
          {axis.ticks.map((tick) => (
            <span
              key={tick}
              className="absolute end-0 -translate-y-1/2 text-[0.7rem] tabular-nums text-ink-subtle"
              style={{ top: `${y(tick)}%` }}
            >
              {tick > 0 ? `+${tick}` : tick}
            </span>
          ))}
        </div>
        <div className="relative h-52 md:h-64">
          <svg
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
            aria-hidden="true"
            focusable="false"
          >
            <defs>
              <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor={colour} stopOpacity="0.35" />
                <stop offset="100%" stopColor={colour} stopOpacity="0.02" />
              </linearGradient>
            </defs>
            {axis.ticks.map((tick) => (
              <line
                key={tick}
                x1="0"
                x2="100"
                y1={y(tick)}
                y2={y(tick)}
                stroke={tick === 0 ? 'var(--color-ink-subtle)' : 'var(--color-line)'}
                strokeWidth={tick === 0 ? 1.5 : 1}
                strokeDasharray={tick === 0 ? '4 4' : undefined}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path d={area} fill={`url(#${gradientId})`} />
            <path
              d={line}
              fill="none"
              stroke={colour}
              strokeWidth="2.5"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
            {points.map((point: ResultPoint, index) => (
              // A zero-length segment with round caps draws a dot that stays round when stretched.
              <path
                key={point.id}
                d={`M${x(index)} ${y(point.total)} h0`}
                stroke={DOT_COLOURS[point.result] ?? DOT_COLOURS.Void}
                strokeWidth={index === points.length - 1 ? 10 : 6}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
        </div>
        <span />
        <div className="mt-2 flex justify-between text-[0.7rem] text-ink-subtle">
          <span>{formatShortDate(points[0].eventTime)}</span>
          <span>{formatShortDate(points[points.length - 1].eventTime)}</span>
        </div>
      </div>

      <div className="flex flex-wrap gap-x-5 gap-y-2 text-xs text-ink-muted">
        {(
          [
            ['Win', 'tipsterProfile.legendWin'],
            ['Loss', 'tipsterProfile.legendLoss'],
            ['Void', 'tipsterProfile.legendVoid'],
          ] as const
        ).map(([result, key]) => (
          <span key={result} className="inline-flex items-center gap-1.5">
            <span
              className="size-2.5 rounded-full"
              style={{ background: DOT_COLOURS[result] }}
              aria-hidden="true"
            />
            {t(key)}
          </span>
        ))}
      </div>

      <details className="group rounded-lg border border-line px-4 py-2 text-sm">
        <summary className="cursor-pointer py-1 font-semibold text-gold-200">
          {t('tipsterProfile.chartData')}
        </summary>
        <div className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-start text-xs">
            <thead className="text-ink-subtle">
              <tr>
                <th scope="col" className="py-1.5 text-start font-semibold">
                  {t('tipsterRecords.date')}
                </th>
                <th scope="col" className="py-1.5 text-start font-semibold">
                  {t('tipsterRecords.match')}
                </th>
                <th scope="col" className="py-1.5 text-start font-semibold">
                  {t('tipsterRecords.result')}
                </th>
                <th scope="col" className="py-1.5 text-end font-semibold">
                  {t('tipsterProfile.chartTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.id} className="border-t border-line">
                  <td className="py-1.5 pe-2 whitespace-nowrap">{formatDate(point.eventTime)}</td>
                  <td className="py-1.5 pe-2">{point.match}</td>
                  <td className="py-1.5 pe-2">{t(`tipsterRecords.results.${point.result}`)}</td>
                  <td className="py-1.5 text-end tabular-nums">{signed(point.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
