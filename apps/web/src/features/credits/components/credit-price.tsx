import { creditBonus, creditPackDiscount, creditPriceCents, formatDollars } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { useFormatCreditAmount } from '../../../lib/format';

/** SPEC §9: price = credits × (1 − the discount of the largest pack not above them); bonus = credits − price. */
export function CreditPrice({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const formatCredits = useFormatCreditAmount();
  const discount = creditPackDiscount(credits);
  const bonusCents = creditBonus(credits);
  const creditCents = Number.isFinite(credits) && credits > 0 ? Math.round(credits * 100) : 0;
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-ink-muted">{t('account.credits.youGet')}</dt>
        <dd className="font-semibold text-ink" data-testid="credits-amount">
          {t('nav.creditsValue', { value: formatCredits(creditCents / 100) })}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-ink-muted">{t('account.credits.discount')}</dt>
        <dd className="font-semibold text-ink" data-testid="credits-discount">
          {discount}%
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-ink-muted">{t('account.credits.freeBonus')}</dt>
        <dd className="font-semibold text-win" data-testid="credits-bonus">
          {t('nav.creditsValue', { value: formatCredits(bonusCents / 100) })}
        </dd>
      </div>
      <div className="mt-1 flex items-baseline justify-between gap-3 border-t border-line pt-3">
        <dt className="text-sm font-bold uppercase tracking-[0.14em] text-ink-muted">
          {t('account.credits.totalPrice')}
        </dt>
        <dd className="font-display text-3xl font-extrabold text-gold-200" data-testid="credits-price">
          {formatDollars(creditPriceCents(credits))}
        </dd>
      </div>
    </dl>
  );
}
