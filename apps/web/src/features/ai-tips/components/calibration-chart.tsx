import type { CalibrationBand } from '@tips/contract/ai-model.schemas';
import { useTranslation } from 'react-i18next';

const SIZE = 260;
const PAD = 36;
const scale = (p: number) => PAD + p * (SIZE - 2 * PAD);
const flip = (p: number) => SIZE - scale(p);

/** Predicted vs observed frequency per forecast band: a calibrated model sits on the diagonal. */
export function CalibrationChart({ bands }: { bands: readonly CalibrationBand[] }) {
  const { t } = useTranslation();
  const maxN = Math.max(1, ...bands.map((b) => b.n));
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={t('aiModel.calibrationTitle')}
        className="w-full max-w-sm text-ink-muted"
      >
        {ticks.map((p) => (
          <g key={p} className="text-[9px]">
            <line
              x1={scale(0)}
              x2={scale(1)}
              y1={flip(p)}
              y2={flip(p)}
              stroke="currentColor"
              strokeOpacity="0.15"
            />
            <text x={PAD - 6} y={flip(p) + 3} textAnchor="end" fill="currentColor">{`${p * 100}%`}</text>
            <text
              x={scale(p)}
              y={SIZE - PAD + 14}
              textAnchor="middle"
              fill="currentColor"
            >{`${p * 100}%`}</text>
          </g>
        ))}
        <line
          x1={scale(0)}
          y1={flip(0)}
          x2={scale(1)}
          y2={flip(1)}
          stroke="currentColor"
          strokeDasharray="4 4"
          strokeOpacity="0.6"
        />
        <polyline
          fill="none"
          stroke="var(--color-gold-300, #f5c451)"
          strokeWidth="2"
          points={bands.map((b) => `${scale(b.meanForecast)},${flip(b.observed)}`).join(' ')}
        />
        {bands.map((b) => (
          <circle
            key={b.from}
            cx={scale(b.meanForecast)}
            cy={flip(b.observed)}
            r={2.5 + 4 * Math.sqrt(b.n / maxN)}
            fill="var(--color-gold-300, #f5c451)"
          >
            <title>{`${Math.round(b.from * 100)}–${Math.round(b.to * 100)}%: ${t('aiModel.predicted')} ${(b.meanForecast * 100).toFixed(1)}%, ${t('aiModel.observed')} ${(b.observed * 100).toFixed(1)}% (n = ${b.n})`}</title>
          </circle>
        ))}
        <text x={SIZE / 2} y={SIZE - 4} textAnchor="middle" className="text-[10px]" fill="currentColor">
          {t('aiModel.predicted')}
        </text>
        <text
          x={10}
          y={SIZE / 2}
          textAnchor="middle"
          className="text-[10px]"
          fill="currentColor"
          transform={`rotate(-90 10 ${SIZE / 2})`}
        >
          {t('aiModel.observed')}
        </text>
      </svg>
      <figcaption className="text-sm text-ink-subtle">{t('aiModel.calibrationText')}</figcaption>
    </figure>
  );
}
