import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/layout/page-meta';
import { HiddenKeywords } from '../../../components/seo/hidden-keywords';
import { Container } from '../../../components/ui/container';
import { AfterFirstPaint } from '../../../lib/after-first-paint';
import { AboutBlock } from './about-block';
import { Hero } from './hero';
import { TodayTipsSection } from './today-tips-section';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('pages.home.title')} description={t('pages.home.description')} path="/" />
      <Hero />
      {/* The hero fills the first screen (it is the page's largest contentful paint); the sections
          below it follow one frame later, their tips already being fetched (the route's loader).
          Until then a screen's height keeps the footer below the fold: nothing in view moves. */}
      <AfterFirstPaint fallback={<div className="min-h-dvh" aria-hidden="true" />}>
        <Container className="flex flex-col gap-14 py-12 md:py-16">
          <TodayTipsSection category="premium" />
          <TodayTipsSection category="senior" />
          <AboutBlock />
        </Container>
        <HiddenKeywords />
      </AfterFirstPaint>
    </>
  );
}
