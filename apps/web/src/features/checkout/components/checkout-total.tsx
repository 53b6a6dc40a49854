import { formatDollars, MESSAGES } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageText } from '../../../lib/api-messages';
import { useFormatCreditAmount } from '../../../lib/format';
import type { CheckoutKind } from '../checkout-options';

interface CheckoutTotalProps {
  kind: CheckoutKind;
  totalCents: number;
  /** The signed-in user's credits (a number of credits, not cents). */
  balance: number;
  hasTips: boolean;
}

/** The total in dollars or credits; with credits, the balance and a nudge when it is too low. */
export function CheckoutTotal({ kind, totalCents, balance, hasTips }: CheckoutTotalProps) {
  const formatCredits = useFormatCreditAmount();
  const { t } = useTranslation();
  const messageText = useMessageText();
  const total =
    kind === 'credits'
      ? t('nav.creditsValue', { value: formatCredits(totalCents / 100) })
      : formatDollars(totalCents);
  const hasTooFewCredits = kind === 'credits' && Math.round(balance * 100) < totalCents;
  return (
    <div className="flex flex-col gap-1 border-t border-line pt-4">
      <p className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-bold uppercase tracking-[0.14em] text-ink-muted">
          {t('account.checkout.total')}
        </span>
        <span data-testid="checkout-total" className="font-display text-3xl font-extrabold text-gold-200">
          {total}
        </span>
      </p>
      {kind === 'credits' ? (
        <p className="flex items-baseline justify-between gap-3 text-sm text-ink-muted">
          <span>{t('account.checkout.yourBalance')}</span>
          <span data-testid="checkout-balance" className="font-semibold text-ink">
            {t('nav.creditsValue', { value: formatCredits(balance) })}
          </span>
        </p>
      ) : null}
      {hasTooFewCredits && hasTips ? (
        <p className="text-sm text-loss">
          {messageText(MESSAGES.notEnoughCredits)}{' '}
          <Link to="/buy-credits" className="font-semibold underline">
            {t('account.common.buyCredits')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
