import { COPYRIGHT } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { ShieldIcon, SparkIcon, TrophyIcon } from '../../../components/ui/icons';
import { SITE_NAME } from '../../../lib/site';

// The story since 2015 (SPEC §1), one milestone per entry.
export const ABOUT_MILESTONES = ['y2015', 'y2017', 'y2019', 'y2021', 'y2025'] as const;

const VALUES = [
  { key: 'transparency', Icon: ShieldIcon },
  { key: 'skill', Icon: TrophyIcon },
  { key: 'innovation', Icon: SparkIcon },
] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={t('pages.about.title')} description={t('pages.about.description')} />
      <PageHeader
        eyebrow={t('aboutStory.eyebrow')}
        title={t('pages.about.title')}
        lede={t('aboutStory.lead')}
      />
      <Container className="flex flex-col gap-14 py-10 md:py-14">
        <section
          aria-labelledby="about-story"
          className="grid grid-cols-1 gap-8 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-12"
        >
          <div className="flex flex-col gap-3">
            <h2 id="about-story" className="font-display text-3xl font-extrabold uppercase tracking-wide">
              {t('aboutStory.storyTitle')}
            </h2>
            <p className="text-ink-muted">{t('aboutStory.storyIntro')}</p>
          </div>
          <ol className="relative flex flex-col gap-8 border-s-2 border-line-strong ps-8">
            {ABOUT_MILESTONES.map((milestone) => (
              <li key={milestone} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute -start-[2.6rem] top-1 size-4 rounded-full border-2 border-gold-400 bg-pitch-950"
                />
                <p className="font-display text-3xl font-extrabold text-gold-300">{milestone.slice(1)}</p>
                <h3 className="mt-1 text-lg font-bold text-ink">{t(`aboutStory.${milestone}.title`)}</h3>
                <p className="mt-1 max-w-2xl text-ink-muted">{t(`aboutStory.${milestone}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="about-values" className="flex flex-col gap-6">
          <h2 id="about-values" className="font-display text-3xl font-extrabold uppercase tracking-wide">
            {t('aboutStory.valuesTitle')}
          </h2>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {VALUES.map(({ key, Icon }) => (
              <Card as="li" key={key} className="flex flex-col gap-3">
                <span className="grid size-12 place-items-center rounded-full bg-gold-400/12 text-gold-300 ring-1 ring-gold-400/30">
                  <Icon className="size-6" />
                </span>
                <h3 className="text-lg font-bold">{t(`aboutStory.values.${key}.title`)}</h3>
                <p className="text-sm text-ink-muted">{t(`aboutStory.values.${key}.text`)}</p>
              </Card>
            ))}
          </ul>
        </section>

        <Card className="flex flex-col items-start gap-4 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="font-display text-2xl font-extrabold uppercase tracking-wide">
              {t('aboutStory.ctaTitle')}
            </p>
            <p className="text-ink-muted">{t('aboutStory.ctaText')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/tipsters">{t('hero.tipsters')}</ButtonLink>
            <ButtonLink to="/contact" variant="secondary">
              {t('nav.contact')}
            </ButtonLink>
          </div>
        </Card>
        <p className="text-sm text-ink-subtle">
          © {COPYRIGHT} {SITE_NAME}
        </p>
      </Container>
    </>
  );
}
