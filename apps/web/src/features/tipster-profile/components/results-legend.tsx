import { useTranslation } from 'react-i18next';
import { DOT_COLOURS } from './results-plot';

export function ResultsLegend() {
  const { t } = useTranslation();
  return (
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
  );
}
