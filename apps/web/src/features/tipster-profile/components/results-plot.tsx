import { formatShortDate } from '../../../lib/tip-format';
import type { valueAxis } from '../results-series';

/** What the plot draws: a running total per point, its date and the dot's colour. */
export interface PlotPoint {
  id: string | number;
  eventTime: string;
  result: string;
  total: number;
}

export const DOT_COLOURS: Record<string, string> = {
  Win: 'var(--color-win)',
  Loss: 'var(--color-loss)',
  Void: 'var(--color-ink-subtle)',
};

interface ResultsPlotProps {
  points: readonly PlotPoint[];
  axis: ReturnType<typeof valueAxis>;
  colour: string;
  gradientId: string;
}

/**
 * The line, area and dots as an inline SVG stretched to its box (strokes and dots keep their size
 * through non-scaling strokes); axis labels are HTML so they stay legible on phones.
 */
export function ResultsPlot({ points, axis, colour, gradientId }: ResultsPlotProps) {
  // viewBox units: x 0..100 over the tips (with a start at 0), y 0..100 top to bottom.
  const x = (index: number) => (points.length === 1 ? 100 : ((index + 1) / points.length) * 100);
  const y = (value: number) => ((axis.max - value) / (axis.max - axis.min)) * 100;
  const line = [`M0 ${y(0)}`, ...points.map((point, index) => `L${x(index)} ${y(point.total)}`)].join(' ');
  const area = `${line} L100 ${y(0)} Z`;
  return (
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
          {points.map((point, index) => (
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
  );
}
