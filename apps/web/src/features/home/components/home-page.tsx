import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/layout/page-meta';
import { HiddenKeywords } from '../../../components/seo/hidden-keywords';
import { Container } from '../../../components/ui/container';
import { useAfterFirstPaint } from '../../../lib/after-first-paint';
import { AboutBlock } from './about-block';
import { Hero } from './hero';
import { TodayTipsSection } from './today-tips-section';

export function HomePage() {
  const { t } = useTranslation();
  // The hero fills the first screen (it is the page's largest contentful paint); the sections
  // below it follow one frame later. Their tips are already being fetched (the route's loader).
  const showBelowHero = useAfterFirstPaint();
  return (
    <>
      <PageMeta title={t('pages.home.title')} description={t('pages.home.description')} path="/" />
      <Hero />
      {showBelowHero ? (
        <>
          <Container className="flex flex-col gap-14 py-12 md:py-16">
            <TodayTipsSection category="premium" />
            <TodayTipsSection category="senior" />
            <AboutBlock />
          </Container>
          <HiddenKeywords />
        </>
      ) : (
        // Keeps the footer below the fold until the sections arrive: nothing in view moves.
        <div className="min-h-dvh" aria-hidden="true" />
      )}
    </>
  );
}
