import type { AuditEntry } from '@tips/contract/admin-audit.schemas';
import type { BackofficeTip } from '@tips/contract/backoffice.schemas';
import type { UnsettledMatch } from '@tips/contract/settlement.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OddsNotVerified } from '../../../../components/tips/odds-not-verified';
import { TipClosing } from '../../../../components/tips/tip-closing';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { type DataColumn, DataTable, Pager, queryStates } from '../../../../components/ui/data-table';
import { formatDateTime } from '../../../../lib/backoffice-format';
import { useFormatOdds } from '../../../../lib/odds';
import { toast } from '../../../../stores/toast-store';
import {
  suggestResult,
  useCorrectTip,
  useRecentSettlements,
  useSettleTip,
  useUnsettledMatches,
  useUnsettledTips,
} from '../../api/settlement-api';
import { SectionTitle } from '../form-controls';
import { usePagerLabels, useTableLabels } from '../use-table-labels';
import { ResultDialog, type ResultSubject } from './result-dialog';
import { SettleMatchDialog } from './settle-match-dialog';

const matchName = (item: { homeTeam: string | null; awayTeam: string | null }) =>
  `${item.homeTeam ?? '?'} – ${item.awayTeam ?? '?'}`;

function MatchesSection() {
  const { t } = useTranslation();
  const matches = useUnsettledMatches();
  const [selected, setSelected] = useState<UnsettledMatch | null>(null);
  const labels = useTableLabels('backoffice.settle.noMatches');
  const columns: DataColumn<UnsettledMatch>[] = [
    {
      key: 'match',
      header: t('backoffice.common.match'),
      cell: (match) => (
        <>
          <span className="font-semibold">{matchName(match)}</span>
          <span className="block text-xs font-normal text-ink-subtle">{match.league}</span>
        </>
      ),
    },
    {
      key: 'kickoff',
      header: t('backoffice.common.kickoff'),
      cell: (match) => formatDateTime(match.eventTime),
    },
    { key: 'open', header: t('backoffice.settle.openTips'), cell: (match) => match.openTips },
  ];
  return (
    <section>
      <SectionTitle>{t('backoffice.settle.matches')}</SectionTitle>
      <DataTable
        caption={t('backoffice.settle.matches')}
        columns={columns}
        rows={matches.data}
        rowKey={(match) => `${match.homeTeam}|${match.awayTeam}|${match.eventTime}`}
        {...queryStates(matches)}
        labels={labels}
        actionsHeader={t('backoffice.common.actions')}
        actions={(match) => (
          <Button size="sm" variant="secondary" onClick={() => setSelected(match)}>
            {t('backoffice.settle.settleMatch')}
          </Button>
        )}
      />
      {selected ? (
        <SettleMatchDialog
          match={selected}
          onClose={() => setSelected(null)}
          onDone={(response) => {
            setSelected(null);
            toast.success(
              t('backoffice.settle.matchDone', {
                settled: response.settled.length,
                skipped: response.skipped.length,
              }),
            );
          }}
        />
      ) : null}
    </section>
  );
}

function TipsSection() {
  const { t } = useTranslation();
  const formatOddsValue = useFormatOdds();
  const [page, setPage] = useState(1);
  const tips = useUnsettledTips(page);
  const settle = useSettleTip();
  const [selected, setSelected] = useState<BackofficeTip | null>(null);
  const labels = useTableLabels('backoffice.settle.noTips');
  const pager = usePagerLabels(page, tips.data?.totalPages ?? 0);
  const columns: DataColumn<BackofficeTip>[] = [
    {
      key: 'match',
      header: t('backoffice.common.match'),
      cell: (tip) => (
        <>
          <span className="font-semibold">
            #{tip.id} {matchName(tip)}
          </span>
          <span className="block text-xs font-normal text-ink-subtle">{tip.league}</span>
        </>
      ),
    },
    { key: 'tipster', header: t('backoffice.common.tipster'), cell: (tip) => tip.tipster.name },
    {
      key: 'pick',
      header: t('backoffice.common.selection'),
      cell: (tip) => (
        <>
          {tip.selection} <span className="text-ink-subtle">@ {formatOddsValue(tip.odds)}</span>
          {tip.oddsVerified === false ? <OddsNotVerified /> : null}
          <span className="block text-xs font-normal text-ink-subtle">
            {t(`bettingTypes.${tip.bettingType}`, { defaultValue: tip.bettingTypeName })}
          </span>
          <span className="block text-xs font-normal">
            <TipClosing tip={tip} />
          </span>
        </>
      ),
    },
    { key: 'kickoff', header: t('backoffice.common.kickoff'), cell: (tip) => formatDateTime(tip.eventTime) },
  ];
  const subject = (tip: BackofficeTip): ResultSubject => ({
    tipId: tip.id,
    title: `${matchName(tip)} · ${formatDateTime(tip.eventTime)}`,
    detail: `${t(`bettingTypes.${tip.bettingType}`, { defaultValue: tip.bettingTypeName })}: ${tip.selection ?? ''} @ ${formatOddsValue(tip.odds)}`,
  });
  return (
    <section>
      <SectionTitle>{t('backoffice.settle.tips')}</SectionTitle>
      <DataTable
        caption={t('backoffice.settle.tips')}
        columns={columns}
        rows={tips.data?.data}
        rowKey={(tip) => tip.id}
        {...queryStates(tips)}
        labels={labels}
        actionsHeader={t('backoffice.common.actions')}
        actions={(tip) => (
          <Button
            size="sm"
            onClick={() => setSelected(tip)}
            aria-label={`${t('backoffice.settle.settle')} #${tip.id}`}
          >
            {t('backoffice.settle.settle')}
          </Button>
        )}
      />
      <Pager page={page} totalPages={tips.data?.totalPages ?? 0} onPage={setPage} labels={pager} />
      {selected ? (
        <ResultDialog
          mode="settle"
          subject={subject(selected)}
          onClose={() => setSelected(null)}
          onSuggest={(score) => suggestResult(selected.id, score)}
          onSubmit={(body) => settle.mutateAsync({ tipId: selected.id, body })}
          onDone={(response) => {
            setSelected(null);
            toast.success(t('backoffice.settle.done', { value: response.emailsQueued }));
          }}
        />
      ) : null}
    </section>
  );
}

interface SettledState {
  result?: string;
  resultDetails?: string;
}

function RecentSection() {
  const { t } = useTranslation();
  const recent = useRecentSettlements();
  const correct = useCorrectTip();
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const labels = useTableLabels('backoffice.settle.noRecent');
  const stateOf = (entry: AuditEntry) => (entry.after ?? {}) as SettledState;
  const columns: DataColumn<AuditEntry>[] = [
    { key: 'tip', header: t('backoffice.common.tip'), cell: (entry) => `#${entry.entityId}` },
    {
      key: 'result',
      header: t('backoffice.common.result'),
      cell: (entry) => {
        const { result, resultDetails } = stateOf(entry);
        return (
          <>
            {result ? (
              <Badge tone={result === 'WIN' ? 'win' : result === 'LOSS' ? 'loss' : 'neutral'}>
                {t(`backoffice.result.${result}`)}
              </Badge>
            ) : null}{' '}
            <span className="text-ink-muted">{resultDetails}</span>
          </>
        );
      },
    },
    { key: 'by', header: t('backoffice.common.by'), cell: (entry) => entry.actor?.username ?? '—' },
    { key: 'when', header: t('backoffice.common.date'), cell: (entry) => formatDateTime(entry.createdAt) },
  ];
  const tipId = selected ? Number(selected.entityId) : 0;
  return (
    <section>
      <SectionTitle>{t('backoffice.settle.recent')}</SectionTitle>
      <DataTable
        caption={t('backoffice.settle.recent')}
        columns={columns}
        rows={recent.data}
        rowKey={(entry) => entry.id}
        {...queryStates(recent)}
        labels={labels}
        actionsHeader={t('backoffice.common.actions')}
        actions={(entry) => (
          <Button size="sm" variant="ghost" onClick={() => setSelected(entry)}>
            {t('backoffice.settle.correct')}
          </Button>
        )}
      />
      {selected ? (
        <ResultDialog
          mode="correct"
          subject={{
            tipId,
            title: `#${tipId} · ${t(`backoffice.result.${stateOf(selected).result ?? 'VOID'}`)} · ${stateOf(selected).resultDetails ?? ''}`,
          }}
          onClose={() => setSelected(null)}
          onSuggest={(score) => suggestResult(tipId, score)}
          onSubmit={(body) =>
            correct.mutateAsync({ tipId, body: { ...body, reason: 'reason' in body ? body.reason : '' } })
          }
          onDone={() => {
            setSelected(null);
            toast.success(t('backoffice.common.saved'));
          }}
        />
      ) : null}
    </section>
  );
}

export function SettlementTab() {
  return (
    <div className="flex flex-col gap-10">
      <MatchesSection />
      <TipsSection />
      <RecentSection />
    </div>
  );
}
