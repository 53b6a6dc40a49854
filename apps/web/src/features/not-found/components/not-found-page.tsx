import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/layout/page-meta';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';

interface NotFoundPageProps {
  /** The path the visitor asked for. */
  location: string;
}

const SUGGESTIONS = [
  { to: '/today-ai-tips', labelKey: 'notFound.aiTips' },
  { to: '/today-tips', labelKey: 'notFound.activeTips' },
  { to: '/tipsters', labelKey: 'notFound.tipsters' },
] as const;

export function NotFoundPage({ location }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('pages.notFound.title')} description={t('pages.notFound.description')} noIndex />
      <section className="flex flex-1 items-center bg-hero py-16 md:py-24">
        <Container className="flex flex-col items-center gap-6 text-center">
          <p
            className="font-display text-7xl font-extrabold text-gold-gradient md:text-9xl"
            aria-hidden="true"
          >
            404
          </p>
          <h1 className="max-w-3xl break-words font-display text-3xl font-extrabold uppercase tracking-wide md:text-4xl">
            {t('notFound.heading', { location })}
          </h1>
          <p className="max-w-xl text-ink-muted">{t('pages.notFound.description')}</p>
          <ul className="flex flex-wrap justify-center gap-3">
            {SUGGESTIONS.map((suggestion, index) => (
              <li key={suggestion.to}>
                <ButtonLink to={suggestion.to} variant={index === 0 ? 'primary' : 'secondary'}>
                  {t(suggestion.labelKey)}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
