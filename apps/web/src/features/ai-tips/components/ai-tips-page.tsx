import { useTranslation } from 'react-i18next';
import { AiTipCard, AiTipCardSkeleton } from '../../../components/ai-tips/ai-tip-card';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { PurchasePauseNotice } from '../../../components/safer-gambling/purchase-pause-notice';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { SparkIcon } from '../../../components/ui/icons';
import { ListError } from '../../../components/ui/list-states';
import { useAiModelFigures } from '../../../lib/queries/ai-model-query';
import { useAiTips } from '../../../lib/queries/ai-tips-query';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { AiModelSection } from './ai-model-section';
import { AiPlanList } from './ai-plan-list';

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="font-display text-2xl font-extrabold uppercase tracking-wide md:text-3xl">
      <span
        className="me-2 inline-block h-6 w-1.5 rounded-full bg-gold-400 align-[-0.1em]"
        aria-hidden="true"
      />
      {children}
    </h2>
  );
}

/** SPEC §2 /today-ai-tips: plan details, today's AI tips by id, SUBSCRIBE for id > 1, about. */
export function AiTipsPage() {
  const { t } = useTranslation();
  const aiTips = useAiTips();
  const figures = useDeferredData(useAiModelFigures().data);
  const cards = useDeferredData(aiTips.data);
  return (
    <>
      <PageMeta title={t('aiTipsPage.metaTitle')} description={t('pages.aiTips.description')} />
      <PageHeader
        eyebrow={t('aiTipsPage.eyebrow')}
        title={t('pages.aiTips.title')}
        lede={t('pages.aiTips.description')}
      />
      <Container className="flex flex-col gap-14 py-10 md:py-14">
        <PurchasePauseNotice />
        <section aria-labelledby="ai-plans" className="flex flex-col gap-5">
          <SectionHeading id="ai-plans">{t('aiTipsPage.plansTitle')}</SectionHeading>
          <AiPlanList figures={figures.data} />
        </section>

        <section aria-labelledby="ai-today" aria-busy={aiTips.isPending} className="flex flex-col gap-5">
          <SectionHeading id="ai-today">{t('aiTipsPage.todayTitle')}</SectionHeading>
          {aiTips.isPending || cards.isCatchingUp ? (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
              {[1, 2, 3, 4].map((id) => (
                <li key={id}>
                  <AiTipCardSkeleton />
                </li>
              ))}
            </ul>
          ) : aiTips.isError ? (
            <ListError onRetry={() => void aiTips.refetch()} />
          ) : !cards.data || cards.data.length === 0 ? (
            <EmptyState
              icon={<SparkIcon className="size-7" />}
              title={t('aiTipsPage.emptyTitle')}
              description={t('aiTipsPage.empty')}
            />
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
              {cards.data.map((aiTip) => (
                <li key={aiTip.id} className="flex">
                  <AiTipCard aiTip={aiTip} className="w-full" />
                </li>
              ))}
            </ul>
          )}
        </section>

        <AiModelSection figures={figures.data} />
      </Container>
    </>
  );
}
