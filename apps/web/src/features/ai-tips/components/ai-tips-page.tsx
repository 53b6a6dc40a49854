import { useTranslation } from 'react-i18next';
import { AiTipCard, AiTipCardSkeleton } from '../../../components/ai-tips/ai-tip-card';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { ShieldIcon, SparkIcon } from '../../../components/ui/icons';
import { ListError } from '../../../components/ui/list-states';
import { ChartIcon, RobotIcon } from '../../../components/ui/public-icons';
import { useAiTips } from '../../../lib/queries/ai-tips-query';
import { AiPlanList } from './ai-plan-list';

const ABOUT_POINTS = [
  { key: 'data', Icon: ChartIcon },
  { key: 'models', Icon: RobotIcon },
  { key: 'record', Icon: ShieldIcon },
] as const;

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
  return (
    <>
      <PageMeta title={t('aiTipsPage.metaTitle')} description={t('pages.aiTips.description')} />
      <PageHeader
        eyebrow={t('aiTipsPage.eyebrow')}
        title={t('pages.aiTips.title')}
        lede={t('pages.aiTips.description')}
      />
      <Container className="flex flex-col gap-14 py-10 md:py-14">
        <section aria-labelledby="ai-plans" className="flex flex-col gap-5">
          <SectionHeading id="ai-plans">{t('aiTipsPage.plansTitle')}</SectionHeading>
          <AiPlanList />
        </section>

        <section aria-labelledby="ai-today" aria-busy={aiTips.isPending} className="flex flex-col gap-5">
          <SectionHeading id="ai-today">{t('aiTipsPage.todayTitle')}</SectionHeading>
          {aiTips.isPending ? (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
              {[1, 2, 3, 4].map((id) => (
                <li key={id}>
                  <AiTipCardSkeleton />
                </li>
              ))}
            </ul>
          ) : aiTips.isError ? (
            <ListError onRetry={() => void aiTips.refetch()} />
          ) : aiTips.data.length === 0 ? (
            <EmptyState
              icon={<SparkIcon className="size-7" />}
              title={t('aiTipsPage.emptyTitle')}
              description={t('aiTipsPage.empty')}
            />
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
              {aiTips.data.map((aiTip) => (
                <li key={aiTip.id} className="flex">
                  <AiTipCard aiTip={aiTip} className="w-full" />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby="ai-about"
          className="grid grid-cols-1 gap-8 rounded-card border border-line bg-hero p-6 md:p-10 lg:grid-cols-[1.1fr_1fr] lg:gap-12"
        >
          <div className="flex flex-col gap-4">
            <SectionHeading id="ai-about">{t('aiTipsPage.aboutTitle')}</SectionHeading>
            <p className="text-ink-muted">{t('aiTipsPage.aboutText1')}</p>
            <p className="text-ink-muted">{t('aiTipsPage.aboutText2')}</p>
            <p className="text-sm text-ink-subtle">{t('aiTipsPage.aboutDisclaimer')}</p>
          </div>
          <ul className="flex flex-col gap-4">
            {ABOUT_POINTS.map(({ key, Icon }) => (
              <li key={key} className="flex gap-4 rounded-xl border border-line bg-pitch-950/50 p-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-full bg-gold-400/12 text-gold-300 ring-1 ring-gold-400/30">
                  <Icon className="size-5" />
                </span>
                <span className="flex flex-col gap-1">
                  <span className="font-semibold text-ink">{t(`aiTipsPage.points.${key}.title`)}</span>
                  <span className="text-sm text-ink-muted">{t(`aiTipsPage.points.${key}.text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </Container>
    </>
  );
}
