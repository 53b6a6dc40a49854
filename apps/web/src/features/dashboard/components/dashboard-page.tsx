import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { useProfile } from '../../../lib/user-profile';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { AiPlansBox } from './ai-plans-box';
import { BecomeTipsterBox } from './become-tipster-box';
import { CreditPacksBox } from './credit-packs-box';
import { FollowedTips } from './followed-tips';
import { FollowedTipsters } from './followed-tipsters';
import { ProfileCard, ProfileCardSkeleton } from './profile-card';
import { PromoBox } from './promo-box';
import { RunningTips } from './running-tips';
import { SaferGamblingBox } from './safer-gambling-box';
import { TipHistory } from './tip-history';
import { YourDataBox } from './your-data-box';

const NEW_MEMBER_MS = 24 * 3600_000;

/**
 * SPEC §2 Dashboard. From 1600 px (`xl`) the account column sits beside the tip lists; narrower
 * screens stack everything in one column. `accountExtras` (composed by the route: the alert
 * settings) joins the account column.
 */
export function DashboardPage({ accountExtras }: { accountExtras?: ReactNode } = {}) {
  const { t } = useTranslation();
  const profile = useProfile();
  const username = useUserProfileStore((state) => state.username);
  const name = profile.data?.firstName || username;
  // Issue #30.7: "Welcome back" only for someone who has been here before (an account a day old).
  const isNewMember =
    profile.data !== undefined && Date.now() - Date.parse(profile.data.memberSince) < NEW_MEMBER_MS;

  return (
    <>
      <PageMeta title={t('pages.dashboard.title')} description={t('pages.dashboard.description')} noIndex />
      <PageHeader
        title={t('pages.dashboard.title')}
        lede={
          name
            ? t(isNewMember ? 'account.dashboard.welcomeNew' : 'account.dashboard.welcome', { name })
            : t('pages.dashboard.description')
        }
      />
      {profile.data?.emailVerified === false ? (
        <Container className="pt-6">
          {/* Issue #30.7: a member who signed in before verifying learns here what waits for it. */}
          <p
            role="status"
            className="rounded-xl border border-gold-400/40 bg-gold-400/10 p-4 text-ink"
            data-testid="unverified-notice"
          >
            {t('account.dashboard.unverified')}{' '}
            <Link to="/verify-email" className="font-semibold text-gold-300 underline underline-offset-2">
              {t('account.dashboard.unverifiedLink')}
            </Link>
          </p>
        </Container>
      ) : null}
      {/* grid-cols-1 (minmax(0, 1fr)) keeps a phone's column at the screen's width: an implicit `auto`
          track grows to its widest content and the page scrolls sideways. */}
      <Container className="grid grid-cols-1 gap-6 py-8 md:py-10 xl:max-w-[1560px] xl:grid-cols-[26rem_minmax(0,1fr)] xl:items-start">
        <div className="grid min-w-0 grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-1">
          {profile.data ? <ProfileCard profile={profile.data} /> : <ProfileCardSkeleton />}
          {profile.data ? <BecomeTipsterBox profile={profile.data} /> : null}
          <CreditPacksBox />
          <PromoBox />
          <FollowedTipsters />
          <SaferGamblingBox />
          <YourDataBox />
          {accountExtras}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <FollowedTips />
          <AiPlansBox />
          <RunningTips />
          <TipHistory />
        </div>
      </Container>
    </>
  );
}
