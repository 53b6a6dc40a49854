import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { useRunningTips } from '../api/dashboard-api';
import { DashboardSection, SectionEmpty, SectionRetry, SectionSkeleton } from './dashboard-section';
import { DashboardTipRow } from './dashboard-tip-row';

/** SPEC §1/§2: bought tips whose match is not settled yet, with their selections. */
export function RunningTips() {
  const { t } = useTranslation();
  const running = useRunningTips();
  return (
    <DashboardSection
      title={t('account.dashboard.runningTitle')}
      aside={running.data ? <Badge tone="gold">{running.data.length}</Badge> : null}
      testId="running-tips"
    >
      {running.isPending ? <SectionSkeleton rows={2} /> : null}
      {running.isError ? (
        <SectionRetry label={t('account.common.retry')} onRetry={() => void running.refetch()} />
      ) : null}
      {running.data?.length === 0 ? (
        <SectionEmpty>{t('account.dashboard.noRunningTips')}</SectionEmpty>
      ) : null}
      {running.data && running.data.length > 0 ? (
        <ul className="flex flex-col gap-2.5">
          {running.data.map((tip) => (
            <DashboardTipRow key={tip.id} tip={tip} showSelection showTipster />
          ))}
        </ul>
      ) : null}
    </DashboardSection>
  );
}
