import { MESSAGES } from '@tips/contract/rules';
import type { CartUnavailableReason } from '@tips/contract/tips.schemas';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../../components/ui/icons';
import { useMessageText } from '../../../lib/api-messages';

// Why a cart id was dropped, in the words the page can translate.
const REASON_MESSAGES: Record<CartUnavailableReason, string | null> = {
  NOT_FOUND: MESSAGES.tipNotFound,
  SALES_CLOSED: MESSAGES.tipSalesClosed,
  FREE: null,
  OWNED: MESSAGES.tipAlreadyOwned,
  OWN_TIP: MESSAGES.tipOwnTip,
};

/** Says which tips left the cart because they cannot be bought now, and why. */
export function UnavailableNotice({ removedReasons }: { removedReasons: readonly CartUnavailableReason[] }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  if (removedReasons.length === 0) return null;
  return (
    <div role="status" className="flex gap-2.5 rounded-lg border border-info/40 bg-info/10 p-3.5 text-sm">
      <InfoIcon className="mt-0.5 size-4.5 shrink-0 text-info" />
      <div>
        <p className="font-semibold text-ink">{t('account.checkout.unavailableRemoved')}</p>
        <ul className="mt-1 list-disc ps-5 text-ink-muted">
          {[...new Set(removedReasons)].map((reason) => {
            const message = REASON_MESSAGES[reason];
            return <li key={reason}>{message ? messageText(message) : t('account.checkout.reasonFree')}</li>;
          })}
        </ul>
      </div>
    </div>
  );
}
