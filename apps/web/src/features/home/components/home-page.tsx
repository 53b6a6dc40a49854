import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/layout/page-meta';
import { Container } from '../../../components/ui/container';
import { HiddenKeywords } from '../../seo/hidden-keywords';
import { AboutBlock } from './about-block';
import { Hero } from './hero';
import { TodayTipsSection } from './today-tips-section';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('pages.home.title')} description={t('pages.home.description')} path="/" />
      <Hero />
      <Container className="flex flex-col gap-14 py-12 md:py-16">
        <TodayTipsSection category="premium" />
        <TodayTipsSection category="senior" />
        <AboutBlock />
      </Container>
      <HiddenKeywords />
    </>
  );
}
