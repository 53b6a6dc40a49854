import type { SuggestResultResponse } from '@tips/contract/settlement.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { type ScoreError, ScoreFields, type ScoreText } from './score-fields';

interface ScoreSuggestionProps {
  score: ScoreText;
  onScoreChange: (score: ScoreText) => void;
  scoreError?: ScoreError;
  /** The result the API derived from the score for this selection, once asked. */
  suggestion: SuggestResultResponse | null;
  onSuggest: () => void;
  isSuggesting: boolean;
  /** Any request of the dialog is running. */
  isBusy: boolean;
}

/** The final score, and the result it implies for the tip's selection. */
export function ScoreSuggestion({
  score,
  onScoreChange,
  scoreError,
  suggestion,
  onSuggest,
  isSuggesting,
  isBusy,
}: ScoreSuggestionProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <ScoreFields value={score} onChange={onScoreChange} error={scoreError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={onSuggest} isLoading={isSuggesting} disabled={isBusy}>
          {t('backoffice.settle.suggest')}
        </Button>
        {suggestion ? (
          <output className="text-sm text-ink" aria-live="polite">
            {suggestion.result
              ? t('backoffice.settle.suggested', {
                  result: t(`backoffice.result.${suggestion.result}`),
                  details: suggestion.resultDetails,
                })
              : t('backoffice.settle.cannotGrade')}
          </output>
        ) : null}
      </div>
    </div>
  );
}
