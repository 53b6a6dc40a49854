import { COPYRIGHT } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSupportEmail } from '../../lib/public-config';
import { SITE_NAME, SOCIAL_LINKS, TELEGRAM_HANDLE, TELEGRAM_URL } from '../../lib/site';
import { useConsentStore } from '../../stores/consent-store';
import { Container } from '../ui/container';
import { ClockIcon, MailIcon, ShieldIcon, TelegramIcon } from '../ui/icons';
import { LogoMark } from './logo';
import { SocialIcon } from './social-icon';

const COLUMNS = [
  {
    titleKey: 'footer.tipsTitle',
    links: [
      { to: '/today-tips', labelKey: 'nav.todayTips' },
      { to: '/today-ai-tips', labelKey: 'nav.freeTips' },
      { to: '/today-tips/premium', labelKey: 'nav.premiumTips' },
      { to: '/today-tips/senior', labelKey: 'nav.seniorTips' },
      { to: '/livescores', labelKey: 'nav.livescores' },
    ],
  },
  {
    titleKey: 'footer.tipstersTitle',
    links: [
      { to: '/tipsters', labelKey: 'nav.allTipsters' },
      { to: '/tipsters/premium', labelKey: 'nav.premiumTipsters' },
      { to: '/tipsters/senior', labelKey: 'nav.seniorTipsters' },
      { to: '/tipster-statistics', labelKey: 'nav.statistics' },
    ],
  },
  {
    titleKey: 'footer.companyTitle',
    links: [
      { to: '/about', labelKey: 'nav.about' },
      { to: '/contact', labelKey: 'nav.contact' },
      { to: '/terms', labelKey: 'nav.terms' },
      { to: '/privacy', labelKey: 'nav.privacy' },
      { to: '/safer-gambling', labelKey: 'saferGambling.footerLink' },
    ],
  },
] as const;

const LINK = 'text-sm text-ink-muted transition-colors hover:text-gold-200';

export function SiteFooter() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const openConsentSettings = useConsentStore((state) => state.openSettings);
  return (
    <footer className="mt-auto border-t border-line bg-pitch-950 render-near-view-1140 md:render-near-view-420">
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1fr_1.3fr]">
        <div className="col-span-2 flex flex-col gap-4 lg:col-span-1">
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-9" />
            <span className="font-display text-xl font-extrabold uppercase tracking-wide">
              Tips<span className="text-gold-400">Market</span>
            </span>
          </div>
          <p className="max-w-xs text-sm text-ink-muted">{t('footer.tagline')}</p>
          <ul className="flex gap-2">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid size-10 place-items-center rounded-full border border-line-strong text-ink-muted transition-colors hover:border-gold-400 hover:text-gold-300"
                >
                  <SocialIcon id={link.id} className="size-4.5" />
                  <span className="sr-only">{link.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        {COLUMNS.map((column) => (
          <nav key={column.titleKey} aria-label={t(column.titleKey)}>
            <h2 className="mb-3 text-xs font-bold uppercase tracking-[0.18em] text-gold-300">
              {t(column.titleKey)}
            </h2>
            <ul className="flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={LINK}>
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
              {column.titleKey === 'footer.companyTitle' ? (
                <li>
                  {/* #22.6: reopens the third-party content choices. */}
                  <button type="button" onClick={openConsentSettings} className={`${LINK} text-start`}>
                    {t('consent.footerLink')}
                  </button>
                </li>
              ) : null}
            </ul>
          </nav>
        ))}

        <address className="col-span-2 flex flex-col gap-3 not-italic md:col-span-1">
          <h2 className="text-xs font-bold uppercase tracking-[0.18em] text-gold-300">
            {t('footer.contactTitle')}
          </h2>
          <a href={`mailto:${supportEmail}`} className={`${LINK} flex items-center gap-2`}>
            <MailIcon className="size-4 shrink-0 text-gold-300" />
            <bdi dir="ltr">{supportEmail}</bdi>
          </a>
          <a
            href={TELEGRAM_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={`${LINK} flex items-center gap-2`}
          >
            <TelegramIcon className="size-4 shrink-0 text-gold-300" />
            <bdi dir="ltr">{TELEGRAM_HANDLE}</bdi>
          </a>
          <p className="flex items-center gap-2 text-sm text-ink-muted">
            <ClockIcon className="size-4 shrink-0 text-gold-300" />
            {t('footer.hours')}
          </p>
        </address>
      </Container>

      <div className="border-t border-line">
        {/* #21.6: on phones the last line ends above the fixed scroll-to-top button (bottom 16 px + 48 px). */}
        <Container className="flex flex-col items-center gap-5 pt-6 pb-20 md:flex-row md:justify-between md:pb-6">
          <div className="flex flex-col items-center gap-2 md:items-start">
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-ink-subtle">
              {t('footer.paymentMethods')}
            </p>
            <img
              src="/images/payment-methods.svg"
              alt={t('footer.paymentMethodsAlt')}
              width={631}
              height={36}
              loading="lazy"
              className="h-8 w-auto max-w-full object-contain md:h-9"
            />
          </div>
          <div className="flex flex-col items-center gap-1.5 text-center md:items-end md:text-end">
            <p className="flex items-center gap-2 text-xs text-ink-muted">
              <ShieldIcon className="size-4 text-gold-300" />
              {t('footer.responsible')}
            </p>
            <p className="text-xs text-ink-subtle">
              {t('footer.copyright', { years: COPYRIGHT, site: SITE_NAME })}
            </p>
          </div>
        </Container>
      </div>
    </footer>
  );
}
