import { CREDIT_PACKS, creditPriceCents, formatDollars } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUY_CREDITS_PATH, type BuyCreditsState } from '../../../lib/buy-credits-state';
import { DashboardSection } from './dashboard-section';

/** SPEC §2: the packs link to /buy-credits with the chosen pack in the navigation state. */
export function CreditPacksBox() {
  const { t } = useTranslation();
  return (
    <DashboardSection title={t('account.dashboard.packsTitle')}>
      <ul className="grid grid-cols-3 gap-2.5">
        {CREDIT_PACKS.map((pack) => (
          <li key={pack.credits}>
            <Link
              to={BUY_CREDITS_PATH}
              state={{ credits: pack.credits } satisfies BuyCreditsState}
              className="flex h-full flex-col items-center gap-0.5 rounded-xl border border-line-strong bg-pitch-950/40 px-2 py-3 text-center transition-colors hover:border-gold-300 hover:bg-gold-400/8"
            >
              <span className="font-display text-2xl font-extrabold text-ink">{pack.credits}</span>
              <span className="text-[11px] font-semibold uppercase tracking-wide text-ink-subtle">
                {t('account.credits.credits')}
              </span>
              <span className="text-sm font-bold text-gold-200">
                {formatDollars(creditPriceCents(pack.credits))}
              </span>
              {pack.discount > 0 ? (
                <span className="text-[11px] font-bold text-win">
                  {t('account.credits.save', { percent: pack.discount })}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </DashboardSection>
  );
}
