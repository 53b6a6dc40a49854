import { useQueryClient } from '@tanstack/react-query';
import { type AiPlanChoice, isManualMethod, MESSAGES } from '@tips/contract/rules';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useManualPaymentLines } from '../../../components/payments/manual-payment-lines';
import type { PurchaseOutcome } from '../../../components/payments/purchase-result-dialog';
import { firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { cartBody } from '../../../lib/queries/payments-api';
import { invalidateAfterPurchase } from '../../../lib/queries/purchase-queries';
import type { UserProfile } from '../../../lib/user-profile';
import { useCartStore } from '../../../stores/cart-store';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { useBuyTipsWithCredits, useRequestTipsPurchase } from '../api/purchase-api';
import { type BuyerDetails, buyerDetailsOf } from '../buyer-details';

interface CheckoutPurchaseOptions {
  cartIds: number[];
  /** The lines bought as another AI plan than their tip's own. */
  plans: AiPlanChoice[];
  method: number;
  form: UseFormReturn<BuyerDetails>;
  profile: UserProfile | undefined;
}

/** The checkout's purchases with credits and by manual request, and the outcome they end in. */
export function useCheckoutPurchase({
  cartIds,
  plans,
  method: currentMethod,
  form,
  profile,
}: CheckoutPurchaseOptions) {
  const queryClient = useQueryClient();
  const messageText = useMessageText();
  const manualPaymentLines = useManualPaymentLines();
  const buyWithCredits = useBuyTipsWithCredits();
  const purchaseRequest = useRequestTipsPurchase();
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { reset } = form;

  /** SPEC §4 Purchase with money: cart cleared, list emptied, form cleared, success popup. */
  /** `details` are contract messages (translated here) or lines already translated. */
  const succeed = (message: string, details: string[] = []) => {
    useCartStore.getState().clear();
    reset(buyerDetailsOf(profile));
    void invalidateAfterPurchase(queryClient);
    setOutcome({ status: 'success', message: messageText(message), details: details.map(messageText) });
  };
  const fail = (error: unknown) =>
    setOutcome({
      status: 'failure',
      message: messageText(firstErrorMessage(error) ?? MESSAGES.paymentFailed),
    });

  const payWithCredits = async () => {
    setIsSubmitting(true);
    try {
      const result = await buyWithCredits.mutateAsync({ tipIds: cartIds, plans });
      useUserProfileStore.getState().setBalance(result.balance);
      succeed(MESSAGES.paymentSuccess);
    } catch (error) {
      fail(error);
    } finally {
      setIsSubmitting(false);
    }
  };

  const requestPurchase = form.handleSubmit(async (details) => {
    if (!isManualMethod(currentMethod)) return;
    setIsSubmitting(true);
    try {
      const { payment } = await purchaseRequest.mutateAsync({
        ...cartBody(cartIds, plans),
        method: currentMethod,
        ...details,
      });
      succeed(MESSAGES.purchaseRequested, [...manualPaymentLines(payment), MESSAGES.tipsEmailed]);
    } catch (error) {
      fail(error);
    } finally {
      setIsSubmitting(false);
    }
  });

  return { outcome, setOutcome, isSubmitting, payWithCredits, requestPurchase };
}
