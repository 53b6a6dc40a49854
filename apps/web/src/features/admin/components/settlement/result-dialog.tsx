import type { TipResultCode } from '@tips/contract/backoffice.schemas';
import type {
  CorrectTipBody,
  MatchScore,
  SettleTipBody,
  SettleTipResponse,
  SuggestResultResponse,
} from '@tips/contract/settlement.schemas';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { firstErrorMessage } from '../../../../lib/api-errors';
import { ErrorNote, TextArea } from '../form-controls';
import { ResultChoice } from './result-choice';
import { EMPTY_SCORE, parseScore, type ScoreError, type ScoreText } from './score-fields';
import { ScoreSuggestion } from './score-suggestion';

export interface ResultSubject {
  tipId: number;
  /** The match, as the dialog's description. */
  title: string;
  detail?: ReactNode;
}

interface ResultDialogProps {
  /** `settle` a fresh tip, or `correct` a wrong settlement (a reason is then required). */
  mode: 'settle' | 'correct';
  subject: ResultSubject;
  onClose: () => void;
  onSubmit: (body: SettleTipBody | CorrectTipBody) => Promise<SettleTipResponse>;
  onSuggest: (score: MatchScore) => Promise<SuggestResultResponse>;
  onDone: (response: SettleTipResponse) => void;
}

interface Errors {
  score?: ScoreError;
  result?: string;
  details?: string;
  reason?: string;
  root?: string;
}

/**
 * Settles (or corrects) one tip: the admin picks WIN / LOSS / VOID with details, and may enter the
 * final score first to see the result it implies for this selection.
 */
export function ResultDialog({ mode, subject, onClose, onSubmit, onSuggest, onDone }: ResultDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [score, setScore] = useState<ScoreText>(EMPTY_SCORE);
  const [result, setResult] = useState<TipResultCode | ''>('');
  const [details, setDetails] = useState('');
  const [reason, setReason] = useState('');
  const [suggestion, setSuggestion] = useState<SuggestResultResponse | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'suggest' | 'submit' | null>(null);
  const isCorrection = mode === 'correct';

  async function suggest() {
    const parsed = parseScore(score);
    if (!parsed || 'error' in parsed) {
      setErrors({ score: parsed?.error ?? 'goals' });
      return;
    }
    setErrors({});
    setBusy('suggest');
    try {
      const suggested = await onSuggest(parsed.score);
      setSuggestion(suggested);
      if (suggested.result) setResult(suggested.result);
      if (!details.trim() || details === suggestion?.resultDetails) setDetails(suggested.resultDetails);
    } catch (error) {
      setErrors({ root: firstErrorMessage(error) ?? t('backoffice.common.failed') });
    } finally {
      setBusy(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseScore(score);
    const next: Errors = {};
    if (parsed && 'error' in parsed) next.score = parsed.error;
    if (!result) next.result = t('backoffice.settle.resultRequired');
    // With a score the API writes the details itself; without one they are required.
    if (!details.trim() && !(parsed && 'score' in parsed))
      next.details = t('backoffice.settle.detailsRequired');
    if (isCorrection && reason.trim().length < 3) next.reason = t('backoffice.common.reasonRequired');
    setErrors(next);
    if (Object.keys(next).length > 0 || !result) return;

    const body: SettleTipBody = {
      result,
      ...(details.trim() ? { resultDetails: details.trim() } : {}),
      ...(parsed && 'score' in parsed ? { score: parsed.score } : {}),
    };
    setBusy('submit');
    try {
      const response = await onSubmit(isCorrection ? { ...body, reason: reason.trim() } : body);
      onDone(response);
    } catch (error) {
      setErrors({ root: firstErrorMessage(error) ?? t('backoffice.common.failed') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      closeLabel={t('common.close')}
      title={t(isCorrection ? 'backoffice.settle.correctTitle' : 'backoffice.settle.title', {
        id: subject.tipId,
      })}
      description={subject.title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={busy === 'submit'} disabled={busy !== null}>
            {t(isCorrection ? 'backoffice.settle.correct' : 'backoffice.settle.settle')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        {subject.detail ? <div className="text-sm text-ink-muted">{subject.detail}</div> : null}
        <ErrorNote message={errors.root} />
        <ScoreSuggestion
          score={score}
          onScoreChange={setScore}
          scoreError={errors.score}
          suggestion={suggestion}
          onSuggest={suggest}
          isSuggesting={busy === 'suggest'}
          isBusy={busy !== null}
        />

        <ResultChoice name={`${formId}-result`} value={result} onChange={setResult} error={errors.result} />

        <Input
          label={t('backoffice.common.details')}
          value={details}
          maxLength={500}
          placeholder="FT 2-1 (HT 1-0)"
          onChange={(event) => setDetails(event.target.value)}
          error={errors.details}
        />
        {isCorrection ? (
          <TextArea
            label={t('backoffice.common.reason')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            error={errors.reason}
          />
        ) : null}
      </form>
    </Modal>
  );
}
