import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSaferGambling } from '../../lib/queries/safer-gambling-query';
import { useFormatKickOff } from '../../lib/tip-format';

/**
 * Issue #30.2: while a time-out or self-exclusion runs, every purchase page (buy credits, checkout,
 * AI plans) says that buying is paused and until when, before the member fills anything in. The
 * server refuses the purchase anyway (purchase-guard.repo.ts); this only says so up front.
 */
export function PurchasePauseNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const { data } = useSaferGambling();
  const block = data?.block;
  if (!block) return null;
  return (
    <p
      role="status"
      className={`rounded-xl border border-loss/40 bg-loss/10 p-4 text-ink ${className}`}
      data-testid="purchase-paused"
    >
      {t(`saferGambling.purchasePaused.${block.kind}`, { date: formatKickOff(block.endsAt) })}{' '}
      <Link to="/safer-gambling" className="font-semibold text-gold-300 underline underline-offset-2">
        {t('saferGambling.purchasePausedLink')}
      </Link>
    </p>
  );
}
