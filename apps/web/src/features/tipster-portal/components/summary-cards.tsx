import type { TipsterSummaryResponse } from '@tips/contract/tipster-portal.schemas';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDollars } from '../../../lib/backoffice-format';

/** +1.50, −2.00: units won or lost. */
const signedUnits = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}`;

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card as="li" className="flex flex-col gap-1 !p-4">
      <span className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">{label}</span>
      <span className="font-display text-2xl font-bold text-gold-200 md:text-3xl">{value}</span>
      {detail ? <span className="text-xs text-ink-muted">{detail}</span> : null}
    </Card>
  );
}

export function SummaryCards({ summary }: { summary: TipsterSummaryResponse | undefined }) {
  const { t } = useTranslation();
  if (!summary) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  const { record } = summary;
  return (
    <ul aria-label={t('backoffice.portal.title')} className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure
        label={t('backoffice.portal.tipsPublished')}
        value={String(summary.tipsPublished)}
        detail={t('backoffice.portal.openCount', { value: summary.openTips })}
      />
      <Figure label={t('backoffice.portal.sales')} value={String(summary.salesCount)} />
      <Figure label={t('backoffice.portal.earnings')} value={formatDollars(summary.earnings)} />
      <Figure
        label={t('backoffice.portal.record')}
        value={`${record.wins}–${record.draws}–${record.losses}`}
        detail={t('backoffice.portal.hitRate', { value: record.hitRate.toFixed(2) })}
      />
      <Figure
        label={t('unitsRecord.profit')}
        value={t('tipsterProfile.units', { value: signedUnits(record.profit) })}
        detail={`${t('unitsRecord.yield')}: ${record.yield.toFixed(2)}% · ${t('unitsRecord.unitsStaked')}: ${record.unitsStaked}`}
      />
    </ul>
  );
}
