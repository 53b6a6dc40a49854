import { useTranslation } from 'react-i18next';
import { SocialIcon } from '../../../components/layout/social-icon';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SparkIcon } from '../../../components/ui/icons';
import { isolateLtr } from '../../../lib/bidi';
import { useSupportEmail } from '../../../lib/public-config';
import { SOCIAL_LINKS, TELEGRAM_HANDLE } from '../../../lib/site';

/** SPEC §2: a promo and social contact box. */
export function PromoBox() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  return (
    <Card
      as="section"
      aria-label={t('account.dashboard.promoTitle')}
      className="flex flex-col gap-4 overflow-hidden"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-gold-400/15 text-gold-300">
          <SparkIcon className="size-6" />
        </span>
        <div>
          <p className="font-display text-xl font-bold uppercase tracking-wide text-gold-200">
            {t('account.dashboard.promoTitle')}
          </p>
          <p className="mt-1 text-sm text-ink-muted">{t('aiModel.promoText')}</p>
        </div>
      </div>
      <ButtonLink to="/today-ai-tips" variant="secondary" size="sm" className="w-fit">
        {t('account.dashboard.promoCta')}
      </ButtonLink>
      <div className="border-t border-line pt-4">
        <p className="text-sm font-semibold text-ink">{t('account.dashboard.socialTitle')}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.id}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="grid size-10 place-items-center rounded-full border border-line-strong text-ink-muted transition-colors hover:border-gold-300 hover:text-gold-200"
              >
                <SocialIcon id={link.id} className="size-4.5" />
                <span className="sr-only">{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-ink-muted">
          {t('account.dashboard.support', { telegram: isolateLtr(TELEGRAM_HANDLE) })}{' '}
          <a
            href={`mailto:${supportEmail}`}
            className="font-semibold text-gold-300 underline underline-offset-4"
          >
            <bdi dir="ltr">{supportEmail}</bdi>
          </a>
        </p>
      </div>
    </Card>
  );
}
