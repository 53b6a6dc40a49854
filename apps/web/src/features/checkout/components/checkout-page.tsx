import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { formatCentsPlain, formatDollars, isManualMethod, MESSAGES } from '@tips/contract/rules';
import type { CartUnavailableReason, Tip } from '@tips/contract/tips.schemas';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { PaymentMethodSelect } from '../../../components/payments/payment-method-select';
import { PaypalPayButton } from '../../../components/payments/paypal-pay-button';
import {
  type PurchaseOutcome,
  PurchaseResultDialog,
} from '../../../components/payments/purchase-result-dialog';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { CartIcon, InfoIcon } from '../../../components/ui/icons';
import { firstErrorMessage } from '../../../lib/api-client';
import { useMessageText } from '../../../lib/api-messages';
import { useIsSignedIn } from '../../../lib/auth-tokens';
import { invalidateAfterPurchase } from '../../../lib/queries/purchase-queries';
import { type UserProfile, useProfile } from '../../../lib/user-profile';
import { useCartStore } from '../../../stores/cart-store';
import { toast } from '../../../stores/toast-store';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { useCartTips } from '../api/cart-api';
import { useBuyTipsWithCredits, useRequestTipsPurchase } from '../api/purchase-api';
import { type BuyerDetails, BuyerDetailsSchema, EMPTY_BUYER_DETAILS } from '../buyer-details';
import { cartTotalCents, checkoutKind, checkoutMethods, defaultCheckoutMethod } from '../checkout-options';
import { BuyerDetailsForm } from './buyer-details-form';
import { CartTable } from './cart-table';
import { SignInPrompt } from './sign-in-prompt';

function buyerDetailsOf(profile: UserProfile | undefined): BuyerDetails {
  if (!profile) return EMPTY_BUYER_DETAILS;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    country: profile.country,
    mobile: profile.phone,
  };
}

// Why a cart id was dropped, in the words the page can translate.
const REASON_MESSAGES: Record<CartUnavailableReason, string | null> = {
  NOT_FOUND: MESSAGES.tipNotFound,
  SALES_CLOSED: MESSAGES.tipSalesClosed,
  FREE: null,
  OWNED: MESSAGES.tipAlreadyOwned,
  OWN_TIP: MESSAGES.tipOwnTip,
};

/** Takes ids the server cannot sell now out of the cart and remembers why, for the notice. */
function useDropUnavailable(cart: ReturnType<typeof useCartTips>): CartUnavailableReason[] {
  const [removedReasons, setRemovedReasons] = useState<CartUnavailableReason[]>([]);
  const response = cart.isPlaceholderData ? undefined : cart.data;
  useEffect(() => {
    if (!response || response.unavailableIds.length === 0) return;
    const drop = new Set(response.unavailableIds);
    const { tipIds, setTipIds } = useCartStore.getState();
    setTipIds(tipIds.filter((id) => !drop.has(id)));
    setRemovedReasons((previous) => [...previous, ...response.unavailable.map((item) => item.reason)]);
  }, [response]);
  return removedReasons;
}

export function CheckoutPage() {
  const { t } = useTranslation();
  const buyWithCredits = useBuyTipsWithCredits();
  const purchaseRequest = useRequestTipsPurchase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messageText = useMessageText();
  const isSignedIn = useIsSignedIn();
  const profile = useProfile();
  const balance = useUserProfileStore((state) => state.balance);
  const tipIds = useCartStore((state) => state.tipIds);
  const cart = useCartTips(tipIds);
  const removedReasons = useDropUnavailable(cart);
  const [method, setMethod] = useState<number>(() => defaultCheckoutMethod(isSignedIn));
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const methodId = useId();
  const form = useForm<BuyerDetails>({
    resolver: zodResolver(BuyerDetailsSchema),
    defaultValues: EMPTY_BUYER_DETAILS,
  });

  const methods = checkoutMethods(isSignedIn);
  // Signing out in another tab takes Credits away.
  const currentMethod = methods.includes(method as never) ? method : defaultCheckoutMethod(isSignedIn);
  const kind = checkoutKind(currentMethod);

  // Pre-fill the required information from the account, unless the user already typed.
  const { reset, formState } = form;
  useEffect(() => {
    if (profile.data && !formState.isDirty) reset(buyerDetailsOf(profile.data));
  }, [profile.data, formState.isDirty, reset]);

  const tips: Tip[] = (cart.data?.data ?? []).filter((tip) => tipIds.includes(tip.id));
  const cartIds = tips.map((tip) => tip.id);
  const totalCents = cartTotalCents(tips);
  const isLoading = cart.isPending && tipIds.length > 0;
  const isEmpty = tipIds.length === 0 && !outcome;

  const removeFromCart = (tip: Tip) => {
    useCartStore.getState().removeTip(tip.id);
    toast.success(messageText(MESSAGES.tipRemoved));
  };

  /** SPEC §4 Purchase with money: cart cleared, list emptied, form cleared, success popup. */
  const succeed = (message: string, details: string[] = []) => {
    useCartStore.getState().clear();
    reset(buyerDetailsOf(profile.data));
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
      const result = await buyWithCredits.mutateAsync(cartIds);
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
      await purchaseRequest.mutateAsync({ cart: cartIds, method: currentMethod, ...details });
      succeed(MESSAGES.purchaseRequested, [MESSAGES.tipsEmailed]);
    } catch (error) {
      fail(error);
    } finally {
      setIsSubmitting(false);
    }
  });

  const total =
    kind === 'credits'
      ? t('nav.creditsValue', { value: formatCentsPlain(totalCents) })
      : formatDollars(totalCents);
  const hasTooFewCredits = kind === 'credits' && Math.round(balance * 100) < totalCents;

  return (
    <>
      <PageMeta title={t('pages.checkout.title')} description={t('pages.checkout.description')} noIndex />
      <PageHeader title={t('pages.checkout.title')} lede={t('pages.checkout.description')} />
      <Container className="grid gap-6 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start lg:gap-8">
        <Card as="section" aria-labelledby={`${methodId}-cart`} className="flex flex-col gap-4">
          <h2 id={`${methodId}-cart`} className="sr-only">
            {t('account.checkout.cartTitle')}
          </h2>
          {removedReasons.length > 0 ? (
            <div
              role="status"
              className="flex gap-2.5 rounded-lg border border-info/40 bg-info/10 p-3.5 text-sm"
            >
              <InfoIcon className="mt-0.5 size-4.5 shrink-0 text-info" />
              <div>
                <p className="font-semibold text-ink">{t('account.checkout.unavailableRemoved')}</p>
                <ul className="mt-1 list-disc ps-5 text-ink-muted">
                  {[...new Set(removedReasons)].map((reason) => {
                    const message = REASON_MESSAGES[reason];
                    return (
                      <li key={reason}>
                        {message ? messageText(message) : t('account.checkout.reasonFree')}
                      </li>
                    );
                  })}
                </ul>
              </div>
            </div>
          ) : null}
          {isEmpty ? (
            <EmptyState
              icon={<CartIcon className="size-7" />}
              title={messageText(MESSAGES.cartEmpty)}
              description={t('account.checkout.emptyHint')}
              action={<ButtonLink to="/today-tips">{t('nav.todayTips')}</ButtonLink>}
            />
          ) : (
            <CartTable
              tips={tips}
              onRemove={removeFromCart}
              isLoading={isLoading}
              loadingRows={tipIds.length}
            />
          )}
          {cart.isError && !isLoading ? (
            <p role="alert" className="text-sm text-loss">
              {t('account.common.loadFailed')}{' '}
              <button type="button" className="font-semibold underline" onClick={() => void cart.refetch()}>
                {t('account.common.retry')}
              </button>
            </p>
          ) : null}
        </Card>

        <Card as="aside" aria-label={t('account.checkout.paymentTitle')} className="flex flex-col gap-5">
          {isSignedIn ? null : <SignInPrompt />}
          <PaymentMethodSelect
            id={methodId}
            label={t('account.checkout.paymentOptions')}
            methods={methods}
            value={currentMethod}
            onChange={setMethod}
          />
          {kind === 'request' ? <BuyerDetailsForm form={form} /> : null}
          <div className="flex flex-col gap-1 border-t border-line pt-4">
            <p className="flex items-baseline justify-between gap-3">
              <span className="text-sm font-bold uppercase tracking-[0.14em] text-ink-muted">
                {t('account.checkout.total')}
              </span>
              <span
                data-testid="checkout-total"
                className="font-display text-3xl font-extrabold text-gold-200"
              >
                {total}
              </span>
            </p>
            {kind === 'credits' ? (
              <p className="flex items-baseline justify-between gap-3 text-sm text-ink-muted">
                <span>{t('account.checkout.yourBalance')}</span>
                <span data-testid="checkout-balance" className="font-semibold text-ink">
                  {t('nav.creditsValue', { value: formatCentsPlain(Math.round(balance * 100)) })}
                </span>
              </p>
            ) : null}
            {hasTooFewCredits && tips.length > 0 ? (
              <p className="text-sm text-loss">
                {messageText(MESSAGES.notEnoughCredits)}{' '}
                <Link to="/buy-credits" className="font-semibold underline">
                  {t('account.common.buyCredits')}
                </Link>
              </p>
            ) : null}
          </div>
          {kind === 'paypal' ? (
            <PaypalPayButton tipIds={cartIds} />
          ) : (
            <Button
              size="lg"
              className="w-full"
              isLoading={isSubmitting}
              disabled={cartIds.length === 0}
              onClick={kind === 'credits' ? payWithCredits : requestPurchase}
            >
              {t('account.checkout.requestPurchase')}
            </Button>
          )}
        </Card>
      </Container>
      <PurchaseResultDialog
        outcome={outcome}
        onClose={(closed) => {
          setOutcome(null);
          // SPEC §2: closing the success popup goes to the dashboard (visitors have none).
          if (closed.status === 'success' && isSignedIn) navigate('/dashboard');
        }}
      />
    </>
  );
}
