import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tips/contract/rules';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LastResults } from '../../../components/tips/last-results';
import { tipsterProfilePath } from '../../../components/tips/tip-card';
import { categoryLabelKey, categoryTone } from '../../../components/tips/tip-labels';
import { TipsterAvatar } from '../../../components/tips/tipster-avatar';
import { FollowButton } from '../../../components/tipsters/follow-button';
import { Badge } from '../../../components/ui/badge';
import { useMessageText } from '../../../lib/api-messages';
import { cx } from '../../../lib/cx';
import { DASHBOARD_KEYS, useFollowedTipsters } from '../api/dashboard-api';
import { DashboardSection, SectionEmpty, SectionRetry, SectionSkeleton } from './dashboard-section';

/**
 * SPEC §2: followed tipsters, each with unfollow, and the count (or the empty text). An unfollowed
 * tipster stays listed with FOLLOW until the next visit, so a slip of the finger can be undone.
 */
export function FollowedTipsters() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const tipsters = useFollowedTipsters();
  const followed = tipsters.data?.filter((tipster) => tipster.isFollowed) ?? [];
  const followedKey = followed.map((tipster) => tipster.id).join(',');

  // Following changes what "My Followed Tips" lists.
  const previousKey = useRef<string | null>(null);
  useEffect(() => {
    if (!tipsters.data) return;
    if (previousKey.current !== null && previousKey.current !== followedKey) {
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.followingTips });
    }
    previousKey.current = followedKey;
  }, [followedKey, tipsters.data, queryClient]);

  return (
    <DashboardSection
      title={t('account.dashboard.followedTipstersTitle')}
      testId="followed-tipsters"
      footer={
        tipsters.data ? (
          <p data-testid="followed-tipsters-count">
            {followed.length > 0
              ? t('account.dashboard.followingCount', { number: followed.length })
              : messageText(MESSAGES.notFollowingAny)}
          </p>
        ) : null
      }
    >
      {tipsters.isPending ? <SectionSkeleton rows={2} /> : null}
      {tipsters.isError ? (
        <SectionRetry label={t('account.common.retry')} onRetry={() => void tipsters.refetch()} />
      ) : null}
      {tipsters.data?.length === 0 ? (
        <SectionEmpty>
          <Link to="/tipsters" className="font-semibold text-gold-300 underline underline-offset-4">
            {t('account.dashboard.findTipsters')}
          </Link>
        </SectionEmpty>
      ) : null}
      {tipsters.data && tipsters.data.length > 0 ? (
        <ul className="flex flex-col gap-2.5">
          {tipsters.data.map((tipster) => (
            <li
              key={tipster.id}
              className={cx(
                'flex items-center gap-3 rounded-xl border border-line bg-pitch-950/40 p-3',
                !tipster.isFollowed && 'opacity-70',
              )}
            >
              <Link
                to={tipsterProfilePath(tipster.id)}
                className="group flex min-w-0 flex-1 items-center gap-3"
              >
                <TipsterAvatar name={tipster.name} imageUrl={tipster.profileImageUrl} size="sm" />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-semibold break-words text-ink group-hover:text-gold-200 group-hover:underline">
                    {tipster.name}
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge tone={categoryTone(tipster.category)}>
                      {t(categoryLabelKey(tipster.category))}
                    </Badge>
                    <LastResults results={tipster.results} />
                  </span>
                </span>
              </Link>
              <FollowButton
                tipsterId={tipster.id}
                tipsterName={tipster.name}
                isFollowed={tipster.isFollowed}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </DashboardSection>
  );
}
