import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { ArrowRightIcon, TelegramIcon } from '../../../components/ui/icons';
import { CHAT_CHANNEL_URL } from '../../../lib/site';

export function AboutBlock() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-about" className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
      <Card className="flex flex-col gap-4">
        <h2
          id="home-about"
          className="font-display text-2xl font-extrabold uppercase tracking-wide md:text-3xl"
        >
          {t('home.aboutTitle')}
        </h2>
        <p className="text-ink-muted">{t('home.aboutText')}</p>
        <Link
          to="/about"
          className="inline-flex items-center gap-1.5 self-start font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200"
        >
          {t('home.readMore')}
        </Link>
      </Card>
      <a
        href={CHAT_CHANNEL_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="group relative flex flex-col justify-between gap-6 overflow-hidden rounded-card border border-gold-400/40 bg-gradient-to-br from-gold-400/20 via-pitch-800 to-pitch-900 p-6 shadow-card transition-colors hover:border-gold-300"
      >
        <span className="grid size-14 place-items-center rounded-full bg-gold-400 text-pitch-950">
          <TelegramIcon className="size-7" />
        </span>
        <span className="flex flex-col gap-2">
          <span className="font-display text-2xl font-extrabold uppercase tracking-wide text-ink">
            {t('home.chatTitle')}
          </span>
          <span className="text-sm text-ink-muted">{t('home.chatText')}</span>
        </span>
        <span className="inline-flex items-center gap-2 text-sm font-bold uppercase tracking-wide text-gold-200">
          {t('home.chatCta')}
          <ArrowRightIcon className="size-4 flip-rtl transition-transform group-hover:translate-x-1" />
        </span>
      </a>
    </section>
  );
}
