import { COPYRIGHT } from '@tips/contract/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { SITE_NAME } from '../../../lib/site';
import { dateLocale } from './date-locale';

interface LegalPageProps {
  /** Translation group holding s1…sN, each with a title and a body. */
  group: 'legalTerms' | 'legalPrivacy' | 'tipsterCharter';
  sectionCount: number;
  title: string;
  description: string;
  /** The day the text last changed (YYYY-MM-DD), shown in the page's language; the terms' and privacy's own line otherwise. */
  updatedOn?: string;
  /** Shown under the sections (the charter links to the tier rules). */
  children?: ReactNode;
}

/** A numbered legal text (terms: 17 sections, privacy: 12) with a table of contents. */
export function LegalPage({ group, sectionCount, title, description, updatedOn, children }: LegalPageProps) {
  const { t, i18n } = useTranslation();
  const updated = updatedOn
    ? t('staticPages.updatedOn', {
        date: new Date(`${updatedOn}T00:00:00Z`).toLocaleDateString(dateLocale(i18n.language), {
          dateStyle: 'long',
          timeZone: 'UTC',
        }),
      })
    : t('staticPages.lastUpdated');
  const sections = Array.from({ length: sectionCount }, (_, index) => ({
    id: `section-${index + 1}`,
    number: index + 1,
    title: t(`${group}.s${index + 1}.title`),
    body: t(`${group}.s${index + 1}.body`),
  }));
  return (
    <>
      <PageMeta title={title} description={description} />
      <PageHeader title={title} lede={t(`${group}.intro`)} eyebrow={updated} />
      <Container className="grid grid-cols-1 gap-8 py-10 md:py-14 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-12">
        <nav aria-label={t('staticPages.contents')} className="lg:sticky lg:top-24 lg:self-start">
          <details className="group rounded-card border border-line bg-panel p-4 lg:hidden">
            <summary className="cursor-pointer font-display text-lg font-bold uppercase tracking-wide text-gold-200">
              {t('staticPages.contents')}
            </summary>
            <ContentsList sections={sections} />
          </details>
          <div className="hidden rounded-card border border-line bg-panel p-5 lg:block">
            <p className="mb-3 text-xs font-bold uppercase tracking-[0.18em] text-gold-300">
              {t('staticPages.contents')}
            </p>
            <ContentsList sections={sections} />
          </div>
        </nav>
        <div className="flex max-w-3xl flex-col gap-8">
          <ol className="flex flex-col gap-8">
            {sections.map((section) => (
              <li key={section.id}>
                <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
                  <h2
                    id={`${section.id}-title`}
                    className="mb-3 flex items-baseline gap-3 font-display text-2xl font-bold tracking-wide text-ink"
                  >
                    <span className="font-extrabold text-gold-400">{section.number}.</span>
                    {/* min-w-0: a long word ("Haftungsbeschränkung") breaks instead of widening the page. */}
                    <span className="min-w-0">{section.title}</span>
                  </h2>
                  <p className="leading-relaxed text-ink-muted">{section.body}</p>
                </section>
              </li>
            ))}
          </ol>
          {children}
          <p className="border-t border-line pt-6 text-sm text-ink-subtle">
            © {COPYRIGHT} {SITE_NAME}. {t('staticPages.questions')}
          </p>
        </div>
      </Container>
    </>
  );
}

function ContentsList({
  sections,
}: {
  sections: ReadonlyArray<{ id: string; number: number; title: string }>;
}) {
  return (
    <ol className="mt-3 flex flex-col gap-1 text-sm lg:mt-0">
      {sections.map((section) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="flex gap-2 rounded-md px-2 py-1.5 text-ink-muted transition-colors hover:bg-white/5 hover:text-gold-200"
          >
            <span className="w-7 shrink-0 text-end font-semibold text-gold-300 tabular-nums">
              {section.number}.
            </span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}
