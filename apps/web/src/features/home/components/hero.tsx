import { AI_PLANS } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { SocialIcon } from '../../../components/layout/social-icon';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { ArrowRightIcon, DocumentIcon, GlobeIcon, SparkIcon, TrophyIcon } from '../../../components/ui/icons';
import { HOW_TO_USE_PDF_URL, SOCIAL_LINKS } from '../../../lib/site';

const STATS = [
  { id: 'since', value: '2015', labelKey: 'hero.statSince', Icon: TrophyIcon },
  // The High plan's advertised rate, labelled as a target: the measured ones are on /today-ai-tips.
  {
    id: 'ai',
    value: `${Math.max(...AI_PLANS.filter((p) => p.category === 'High AI Model').map((p) => p.winRate))}%`,
    labelKey: 'aiModel.heroStat',
    Icon: SparkIcon,
  },
  { id: 'languages', value: '18', labelKey: 'hero.statLanguages', Icon: GlobeIcon },
] as const;

export function Hero() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line bg-hero">
      <Container className="grid items-center gap-10 py-14 md:py-20 lg:grid-cols-[1.25fr_0.75fr] lg:gap-16 lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-400/40 bg-pitch-950/50 px-3.5 py-1.5 text-xs font-bold uppercase tracking-[0.18em] text-gold-200">
            <span
              className="size-2 rounded-full bg-win shadow-[0_0_0_4px_rgb(69_212_131_/_0.2)]"
              aria-hidden="true"
            />
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="max-w-4xl py-[0.08em] font-display text-[2.6rem] font-extrabold uppercase leading-[1.02] tracking-tight text-gold-gradient rtl:leading-[1.3] sm:text-6xl lg:text-7xl xl:text-8xl"
          >
            {t('hero.title')}
          </h1>
          <p className="max-w-2xl text-base text-ink-muted sm:text-lg">{t('hero.subtitle')}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ButtonLink to="/tipsters" size="lg" icon={<TrophyIcon className="size-5" />}>
              {t('hero.tipsters')}
            </ButtonLink>
            <ButtonLink to="/today-tips" size="lg" variant="secondary">
              {t('hero.todayTips')}
              <ArrowRightIcon className="size-5 flip-rtl" />
            </ButtonLink>
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3 pt-1">
            <a
              href={HOW_TO_USE_PDF_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 text-sm font-semibold text-gold-200 underline decoration-gold-400/50 underline-offset-4 hover:decoration-gold-300"
            >
              <DocumentIcon className="size-4.5" />
              {t('hero.howTo')}
            </a>
            <div className="flex items-center gap-3">
              <span className="text-xs font-semibold uppercase tracking-[0.18em] text-ink-subtle">
                {t('hero.followUs')}
              </span>
              <ul className="flex gap-1.5">
                {SOCIAL_LINKS.map((link) => (
                  <li key={link.id}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="grid size-9 place-items-center rounded-full border border-line-strong bg-pitch-950/40 text-ink-muted transition-colors hover:border-gold-400 hover:text-gold-300"
                    >
                      <SocialIcon id={link.id} className="size-4" />
                      <span className="sr-only">{link.label}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>

        <ul className="grid grid-cols-3 gap-3 lg:grid-cols-1 lg:gap-4">
          {STATS.map(({ id, value, labelKey, Icon }) => (
            <li
              key={id}
              className="flex flex-col items-center gap-1 rounded-card border border-line-strong bg-pitch-950/55 p-4 text-center shadow-card backdrop-blur-sm lg:flex-row lg:gap-5 lg:p-5 lg:text-start"
            >
              <span className="hidden size-12 shrink-0 place-items-center rounded-full bg-gold-400/12 text-gold-300 ring-1 ring-gold-400/30 lg:grid">
                <Icon className="size-6" />
              </span>
              <span className="flex flex-col">
                <span className="font-display text-3xl font-extrabold text-gold-200 lg:text-4xl">
                  {value}
                </span>
                <span className="text-xs font-medium text-ink-muted lg:text-sm">{t(labelKey)}</span>
              </span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
