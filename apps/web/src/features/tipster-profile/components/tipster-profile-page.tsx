import type { TipsterProfile } from '@tips/contract/tipsters.schemas';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AiTierFiguresPanel } from '../../../components/ai-tips/ai-model-figures';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { LastResults } from '../../../components/tips/last-results';
import { categoryLabelKey, categoryTone } from '../../../components/tips/tip-labels';
import { TipsterAvatar } from '../../../components/tips/tipster-avatar';
import { FollowButton } from '../../../components/tipsters/follow-button';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { UserIcon } from '../../../components/ui/icons';
import { ListError } from '../../../components/ui/list-states';
import { ChartIcon, MapPinIcon } from '../../../components/ui/public-icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorStatus } from '../../../lib/api-errors';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { useFootballNames } from '../../../lib/use-football-names';
import { parseTipsterId, useTipsterProfile } from '../api/tipster-profile-api';
import { ActiveTipsTable } from './active-tips-table';
import { ClvFigures } from './clv-figures';
import { MonthlyTable } from './monthly-table';
import { TipsterBio } from './tipster-bio';
import { TipsterPerformance } from './tipster-performance';
import { UnitsChart } from './units-chart';
import { UnitsFigures } from './units-figures';

function Panel({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="font-display text-xl font-extrabold uppercase tracking-wide md:text-2xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

function ProfileHero({ profile, onOpenRecords }: { profile: TipsterProfile; onOpenRecords: () => void }) {
  const { t } = useTranslation();
  const names = useFootballNames();
  return (
    <div className="border-b border-line bg-hero">
      <Container className="flex flex-col gap-6 py-10 md:flex-row md:items-center md:py-14">
        <TipsterAvatar name={profile.name} imageUrl={profile.profileImageUrl} size="xl" isEager />
        <div className="flex min-w-0 flex-1 flex-col gap-2.5">
          <p className="text-xs font-bold uppercase tracking-[0.2em] text-gold-300">
            {t('pages.tipsterProfile.title')}
          </p>
          <h1 className="font-display text-4xl font-extrabold uppercase tracking-wide text-ink md:text-5xl">
            {profile.name}
          </h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-muted">
            <Badge tone={categoryTone(profile.category)}>{t(categoryLabelKey(profile.category))}</Badge>
            {profile.location ? (
              <span className="inline-flex items-center gap-1.5">
                <MapPinIcon className="size-4 text-gold-300" />
                {names.location(profile.location)}
              </span>
            ) : null}
            <LastResults results={profile.results} size="md" />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex md:flex-col md:items-stretch">
          <FollowButton
            tipsterId={profile.id}
            tipsterName={profile.name}
            isFollowed={profile.isFollowed}
            size="md"
          />
          <Button variant="secondary" icon={<ChartIcon className="size-4.5" />} onClick={onOpenRecords}>
            {t('tipsterProfile.records')}
          </Button>
          <ButtonLink variant="ghost" to={`/tipster-profile/${profile.id}/verify`} className="col-span-2">
            {t('recordVerify.link')}
          </ButtonLink>
        </div>
      </Container>
    </div>
  );
}

function UnitsPanels({ profile }: { profile: TipsterProfile }) {
  const { t } = useTranslation();
  return (
    <>
      <Panel id="tipster-units" title={t('unitsRecord.title')}>
        <UnitsFigures profile={profile} />
      </Panel>
      <Panel id="tipster-clv" title={t('closing.title')}>
        <ClvFigures profile={profile} />
      </Panel>
      <Panel id="tipster-chart" title={t('unitsRecord.chartTitle')}>
        {profile.unitsSeries.length === 0 ? (
          <EmptyState
            icon={<ChartIcon className="size-7" />}
            title={t('tipsterProfile.noRecordsTitle')}
            description={t('tipsterProfile.noRecords')}
          />
        ) : (
          <UnitsChart series={profile.unitsSeries} />
        )}
      </Panel>
      {profile.monthly.length > 0 ? (
        <Panel id="tipster-monthly" title={t('unitsRecord.monthlyTitle')}>
          <MonthlyTable months={profile.monthly} captionId="tipster-monthly" />
        </Panel>
      ) : null}
    </>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <div className="border-b border-line bg-hero">
        <Container className="flex flex-col gap-6 py-10 md:flex-row md:items-center md:py-14">
          <Skeleton className="size-24 rounded-full md:size-28" />
          <div className="flex flex-1 flex-col gap-3">
            <h1 className="sr-only">{t('pages.tipsterProfile.title')}</h1>
            <Skeleton className="h-3 w-28" />
            <Skeleton className="h-11 w-72 max-w-full" />
            <Skeleton className="h-6 w-80 max-w-full" />
          </div>
          <div className="grid grid-cols-2 gap-3 md:flex md:flex-col">
            <Skeleton className="h-11 w-44 rounded-full" />
            <Skeleton className="h-11 w-44 rounded-full" />
          </div>
        </Container>
      </div>
      <Container className="grid grid-cols-1 gap-6 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-40 rounded-card" />
          <Skeleton className="h-72 rounded-card" />
        </div>
        <Skeleton className="h-96 rounded-card" />
      </Container>
    </div>
  );
}

function ProfileProblem({ isMissing, onRetry }: { isMissing: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.tipsterProfile.title')} />
      <Container className="py-12">
        {isMissing ? (
          <EmptyState
            icon={<UserIcon className="size-7" />}
            title={t('tipsterProfile.notFoundTitle')}
            description={t('tipsterProfile.notFound')}
            action={<ButtonLink to="/tipsters">{t('tipsterProfile.browseTipsters')}</ButtonLink>}
          />
        ) : (
          <ListError onRetry={onRetry} />
        )}
      </Container>
    </>
  );
}

// The records (filters, pages, the modal) load when first opened: not on the page's first paint,
// which they held up by five more scripts on a slow link (issue #32.3).
const RecordsModal = lazy(() =>
  import('./records-modal').then((module) => ({ default: module.RecordsModal })),
);

function LoadedProfile({ profile }: { profile: TipsterProfile }) {
  const { t } = useTranslation();
  const names = useFootballNames();
  const [isRecordsOpen, setIsRecordsOpen] = useState(false);
  const [wereRecordsOpened, setWereRecordsOpened] = useState(false);
  const openRecords = () => {
    setWereRecordsOpened(true);
    setIsRecordsOpen(true);
  };
  return (
    <>
      <PageMeta
        title={t('tipsterProfile.metaTitle', { name: profile.name })}
        description={t('tipsterProfile.metaDescription', { name: profile.name })}
        path={`/tipster-profile/${profile.id}`}
      />
      <ProfileHero profile={profile} onOpenRecords={openRecords} />
      <Container className="grid grid-cols-1 gap-6 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Panel id="tipster-bio" title={t('tipsterProfile.about', { name: profile.name })}>
            <TipsterBio bio={names.bio(profile, t(categoryLabelKey(profile.category)))} />
          </Panel>
          <UnitsPanels profile={profile} />
          {profile.category.includes('AI Model') && (
            <Panel id="tipster-ai-figures" title={t('aiModel.profileTitle')}>
              <AiTierFiguresPanel category={profile.category} />
            </Panel>
          )}
          <Panel
            id="tipster-active-tips"
            title={t('tipsterProfile.activeTips')}
            action={<Badge tone="gold">{profile.activeTips.length}</Badge>}
          >
            <ActiveTipsTable tips={profile.activeTips} />
          </Panel>
        </div>
        <Card as="aside" className="lg:sticky lg:top-24">
          <TipsterPerformance profile={profile} />
        </Card>
      </Container>
      {wereRecordsOpened && (
        <Suspense fallback={null}>
          <RecordsModal
            tipsterId={profile.id}
            tipsterName={profile.name}
            open={isRecordsOpen}
            onClose={() => setIsRecordsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** SPEC §2 tipster profile (/tipster-profile/:id and /tipster/:id). */
export function TipsterProfilePage({ tipsterId }: { tipsterId: string }) {
  const { t } = useTranslation();
  const id = parseTipsterId(tipsterId);
  const profile = useTipsterProfile(id);
  const loaded = useDeferredData(profile.data);
  const meta = (
    <PageMeta
      title={t('pages.tipsterProfile.title')}
      description={t('pages.tipsterProfile.description')}
      noIndex={id === null || profile.isError}
    />
  );
  if (id === null) {
    return (
      <>
        {meta}
        <ProfileProblem isMissing onRetry={() => {}} />
      </>
    );
  }
  // Another tipster's profile may still be the background pass's: wait for this one's.
  const shown = loaded.data?.id === id ? loaded.data : undefined;
  if (profile.isPending || (profile.data && !shown)) {
    return (
      <>
        {meta}
        <ProfileSkeleton />
      </>
    );
  }
  if (profile.isError) {
    const status = apiErrorStatus(profile.error);
    return (
      <>
        {meta}
        <ProfileProblem isMissing={status === 404 || status === 400} onRetry={() => void profile.refetch()} />
      </>
    );
  }
  return <LoadedProfile profile={shown ?? profile.data} />;
}
