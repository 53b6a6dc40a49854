import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { ShieldIcon } from '../../../components/ui/icons';
import { apiErrorStatus, firstErrorMessage } from '../../../lib/api-errors';
import { useHasRole } from '../../../lib/roles';
import { usePublishTip, useTipsterSummary } from '../api/tipster-portal-api';
import { EarningsSection } from './earnings-section';
import { MyTipsTable } from './my-tips-table';
import { PublishTipForm } from './publish-tip-form';
import { SummaryCards } from './summary-cards';
import { usePortalMessage } from './use-portal-message';

function NotAllowed({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<ShieldIcon className="size-7" />}
      title={t('backoffice.common.notAllowedTitle')}
      description={detail ?? t('backoffice.common.notAllowed')}
    />
  );
}

function Portal() {
  const { t } = useTranslation();
  const message = usePortalMessage();
  const summary = useTipsterSummary();
  const publish = usePublishTip();

  // Signed in with the role but not (or no longer) linked to a profile: the API says which.
  if (apiErrorStatus(summary.error) === 403)
    return <NotAllowed detail={message(firstErrorMessage(summary.error))} />;

  return (
    <div className="flex flex-col gap-8">
      <SummaryCards summary={summary.data} />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] xl:items-start">
        <Card as="section">
          <h2 className="mb-4 font-display text-2xl font-bold uppercase text-gold-200">
            {t('backoffice.portal.publishTitle')}
          </h2>
          {summary.data ? (
            <PublishTipForm
              category={summary.data.tipster.category}
              onPublish={(body) => publish.mutateAsync(body)}
            />
          ) : null}
        </Card>
        <section className="min-w-0">
          <h2 className="mb-4 font-display text-2xl font-bold uppercase text-gold-200">
            {t('backoffice.portal.myTips')}
          </h2>
          <MyTipsTable />
        </section>
      </div>
      <EarningsSection />
    </div>
  );
}

export function TipsterPortalPage() {
  const { t } = useTranslation();
  const isTipster = useHasRole('tipster');
  const title = t('backoffice.portal.title');
  return (
    <>
      <PageMeta title={title} description={t('backoffice.portal.description')} noIndex />
      <PageHeader title={title} lede={t('backoffice.portal.description')} />
      <Container className="py-8 md:py-12">{isTipster ? <Portal /> : <NotAllowed />}</Container>
    </>
  );
}
