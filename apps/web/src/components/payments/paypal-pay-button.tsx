import { useQueryClient } from '@tanstack/react-query';
import type { AiPlanChoice } from '@tips/contract/rules';
import { MESSAGES } from '@tips/contract/rules';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { firstErrorMessage } from '../../lib/api-errors';
import { useMessageText } from '../../lib/api-messages';
import { useIsSignedIn } from '../../lib/auth-tokens';
import { captureTipsOrder, createTipsOrder } from '../../lib/queries/payments-api';
import { invalidateAfterPurchase } from '../../lib/queries/purchase-queries';
import { useCartStore } from '../../stores/cart-store';
import { PaypalButtonsSlot } from './paypal-buttons-slot';
import { type PurchaseOutcome, PurchaseResultDialog } from './purchase-result-dialog';

export interface PaypalPayButtonProps {
  /** The tips this button pays for: one on a tip card, the whole cart at checkout. */
  tipIds: number[];
  /** Lines bought as another AI plan than their tip's own (decision 190). */
  plans?: AiPlanChoice[];
  /** Called after a successful capture with the ids bought. */
  onPaid?: (tipIds: number[]) => void;
  /**
   * Where closing a visitor's success popup leads (visitors have no dashboard; their tips went by
   * email). Unset: stay on the page (a tip card's list still has something to show).
   */
  visitorNextPath?: string;
}

/**
 * PayPal's pay button for tips (SPEC §2/§4): creates the order on the server, the buyer approves,
 * the server captures. Success takes the tips out of the cart and shows the success popup.
 */
export function PaypalPayButton({ tipIds, plans, onPaid, visitorNextPath }: PaypalPayButtonProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isSignedIn = useIsSignedIn();
  const messageText = useMessageText();
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);
  // The SDK hands onError a bare Error; the server's own message is kept here for the popup.
  const failureMessage = useRef<string | null>(null);

  const fail = (message: string) => setOutcome({ status: 'failure', message: messageText(message) });

  return (
    <>
      <PaypalButtonsSlot
        disabled={tipIds.length === 0}
        createOrder={async () => {
          failureMessage.current = null;
          try {
            return await createTipsOrder(tipIds, plans);
          } catch (error) {
            failureMessage.current = firstErrorMessage(error) ?? MESSAGES.paymentFailed;
            throw error;
          }
        }}
        onApprove={async ({ orderID }) => {
          try {
            const bought = await captureTipsOrder(orderID);
            const { removeTip } = useCartStore.getState();
            for (const id of new Set([...tipIds, ...bought])) removeTip(id);
            void invalidateAfterPurchase(queryClient);
            onPaid?.(bought);
            // Visitors have no dashboard: their tips go to the PayPal account's email only.
            setOutcome({
              status: 'success',
              message: messageText(isSignedIn ? MESSAGES.paymentSuccess : MESSAGES.tipsEmailed),
            });
          } catch (error) {
            fail(firstErrorMessage(error) ?? MESSAGES.paymentFailed);
          }
        }}
        onError={() => fail(failureMessage.current ?? MESSAGES.paymentFailed)}
      />
      <PurchaseResultDialog
        outcome={outcome}
        onClose={(closed) => {
          setOutcome(null);
          if (closed.status !== 'success') return;
          if (isSignedIn) navigate('/dashboard');
          else if (visitorNextPath) navigate(visitorNextPath);
        }}
      />
    </>
  );
}
