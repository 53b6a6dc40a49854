import type { MatchScore } from '@tips/contract/settlement.schemas';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../../components/ui/input';

export type ScoreText = Record<keyof MatchScore, string>;

export const EMPTY_SCORE: ScoreText = { home: '', away: '', htHome: '', htAway: '' };

const FIELDS = ['home', 'away', 'htHome', 'htAway'] as const;

export function isScoreEmpty(score: ScoreText): boolean {
  return FIELDS.every((field) => score[field].trim() === '');
}

export type ScoreError = 'goals' | 'halfTime';

/** The score the four inputs hold, or why it is not one (null when all four are empty). */
export function parseScore(score: ScoreText): { score: MatchScore } | { error: ScoreError } | null {
  if (isScoreEmpty(score)) return null;
  const values = FIELDS.map((field) => Number(score[field].trim() === '' ? Number.NaN : score[field]));
  if (values.some((value) => !Number.isInteger(value) || value < 0 || value > 99)) {
    return { error: 'goals' };
  }
  const [home, away, htHome, htAway] = values;
  if (htHome > home || htAway > away) return { error: 'halfTime' };
  return { score: { home, away, htHome, htAway } };
}

interface ScoreFieldsProps {
  value: ScoreText;
  onChange: (value: ScoreText) => void;
  error?: ScoreError;
}

/** Full-time and half-time goals, in a fieldset so they are read as one answer. */
export function ScoreFields({ value, onChange, error }: ScoreFieldsProps) {
  const { t } = useTranslation();
  const labels: Record<(typeof FIELDS)[number], string> = {
    home: t('backoffice.settle.ftHome'),
    away: t('backoffice.settle.ftAway'),
    htHome: t('backoffice.settle.htHome'),
    htAway: t('backoffice.settle.htAway'),
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-semibold text-ink">{t('backoffice.settle.score')}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FIELDS.map((field) => (
          <Input
            key={field}
            label={labels[field]}
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            value={value[field]}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...value, [field]: event.target.value })}
          />
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-loss">
          {t(`backoffice.settle.${error}Invalid`)}
        </p>
      ) : null}
    </fieldset>
  );
}
