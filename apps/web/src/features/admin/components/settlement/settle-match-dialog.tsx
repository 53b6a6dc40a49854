import type { SettleMatchResponse, UnsettledMatch } from '@tips/contract/settlement.schemas';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { firstErrorMessage } from '../../../../lib/api-errors';
import { formatDateTime } from '../../../../lib/backoffice-format';
import { useSettleMatch } from '../../api/settlement-api';
import { ErrorNote } from '../form-controls';
import { EMPTY_SCORE, parseScore, type ScoreError, ScoreFields, type ScoreText } from './score-fields';

interface SettleMatchDialogProps {
  match: UnsettledMatch;
  onClose: () => void;
  onDone: (response: SettleMatchResponse) => void;
}

/** Settles every open tip of one match from its final score; ungradable ones stay open. */
export function SettleMatchDialog({ match, onClose, onDone }: SettleMatchDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const settle = useSettleMatch();
  const [score, setScore] = useState<ScoreText>(EMPTY_SCORE);
  const [scoreError, setScoreError] = useState<ScoreError>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseScore(score);
    if (!parsed || 'error' in parsed) {
      setScoreError(parsed?.error ?? 'goals');
      return;
    }
    setScoreError(undefined);
    try {
      const { homeTeam, awayTeam, eventTime } = match;
      onDone(await settle.mutateAsync({ homeTeam, awayTeam, eventTime, score: parsed.score }));
    } catch {
      // Shown from settle.error below.
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      closeLabel={t('common.close')}
      title={t('backoffice.settle.settleMatch')}
      description={`${match.homeTeam} – ${match.awayTeam} · ${formatDateTime(match.eventTime)}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={settle.isPending}>
            {t('backoffice.settle.settleAll', { value: match.openTips })}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorNote
          message={
            settle.isError ? (firstErrorMessage(settle.error) ?? t('backoffice.common.failed')) : undefined
          }
        />
        <ScoreFields value={score} onChange={setScore} error={scoreError} />
        <p className="text-xs text-ink-subtle">{t('backoffice.settle.matchHint')}</p>
      </form>
    </Modal>
  );
}
