import { useQueryClient } from '@tanstack/react-query';
import { isValidCreditAmount, MESSAGES } from '@tips/contract/rules';
import { useRef } from 'react';
import { firstErrorMessage } from '../../lib/api-errors';
import { captureCreditsOrder, createCreditsOrder } from '../../lib/queries/payments-api';
import { PROFILE_QUERY_KEY } from '../../lib/user-profile';
import { useUserProfileStore } from '../../stores/user-profile-store';
import { PaypalButtonsSlot } from './paypal-buttons-slot';

interface PaypalCreditsButtonProps {
  credits: number;
  /** After the capture, with the new balance (already stored for the header). */
  onPaid: (balance: number) => void;
  /** The server's message (untranslated) when the payment failed. */
  onFailed: (message: string) => void;
}

/** SPEC §4 Credits purchase via card provider: create order, approve, capture, balance updated. */
export function PaypalCreditsButton({ credits, onPaid, onFailed }: PaypalCreditsButtonProps) {
  const queryClient = useQueryClient();
  const failureMessage = useRef<string | null>(null);

  return (
    <PaypalButtonsSlot
      disabled={!isValidCreditAmount(credits)}
      createOrder={async () => {
        failureMessage.current = null;
        try {
          return await createCreditsOrder(credits);
        } catch (error) {
          failureMessage.current = firstErrorMessage(error) ?? MESSAGES.paymentFailed;
          throw error;
        }
      }}
      onApprove={async ({ orderID }) => {
        try {
          const balance = await captureCreditsOrder(orderID);
          useUserProfileStore.getState().setBalance(balance);
          void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
          onPaid(balance);
        } catch (error) {
          onFailed(firstErrorMessage(error) ?? MESSAGES.paymentFailed);
        }
      }}
      onError={() => onFailed(failureMessage.current ?? MESSAGES.paymentFailed)}
    />
  );
}
