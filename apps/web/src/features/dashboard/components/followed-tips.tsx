import { useTranslation } from 'react-i18next';
import { BuyNowButton } from '../../../components/tips/buy-now-button';
import { PayButtonSlot } from '../../../components/tips/pay-button-slot';
import { categoryLabelKey, categoryTone } from '../../../components/tips/tip-labels';
import { TipsterAvatar } from '../../../components/tips/tipster-avatar';
import { Badge } from '../../../components/ui/badge';
import { useFollowingTips } from '../api/dashboard-api';
import { DashboardSection, SectionEmpty, SectionRetry, SectionSkeleton } from './dashboard-section';
import { DashboardTipRow } from './dashboard-tip-row';

/** SPEC §2: the open tips of followed tipsters, grouped by tipster, each with Buy now and pay. */
export function FollowedTips() {
  const { t } = useTranslation();
  const groups = useFollowingTips();
  const total = groups.data?.reduce((sum, group) => sum + group.tips.length, 0) ?? 0;

  return (
    <DashboardSection
      title={t('account.dashboard.followedTipsTitle')}
      aside={groups.data ? <Badge tone="gold">{total}</Badge> : null}
      testId="followed-tips"
    >
      {groups.isPending ? <SectionSkeleton /> : null}
      {groups.isError ? (
        <SectionRetry label={t('account.common.retry')} onRetry={() => void groups.refetch()} />
      ) : null}
      {groups.data?.length === 0 ? (
        <SectionEmpty>{t('account.dashboard.noFollowedTips')}</SectionEmpty>
      ) : null}
      {groups.data?.map(({ tipster, tips }) => (
        <article key={tipster.id} className="flex flex-col gap-3">
          <header className="flex items-center gap-3">
            <TipsterAvatar name={tipster.name} imageUrl={tipster.profileImageUrl} size="sm" />
            <h3 className="font-semibold text-ink">{tipster.name}</h3>
            <Badge tone={categoryTone(tipster.category)}>{t(categoryLabelKey(tipster.category))}</Badge>
          </header>
          <ul className="flex flex-col gap-2.5">
            {tips.map((tip) => (
              <DashboardTipRow
                key={tip.id}
                tip={tip}
                showSelection={tip.isOwned || tip.isFree}
                actions={
                  tip.isOwned || tip.isFree ? (
                    <Badge tone="green">
                      {tip.isOwned ? t('account.dashboard.purchased') : t('account.dashboard.free')}
                    </Badge>
                  ) : (
                    <>
                      <BuyNowButton tipId={tip.id} className="min-w-28" />
                      <PayButtonSlot tipIds={[tip.id]} className="w-36" />
                    </>
                  )
                }
              />
            ))}
          </ul>
        </article>
      ))}
    </DashboardSection>
  );
}
