import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@tips/contract/rules';
import type { Tip } from '@tips/contract/tips.schemas';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { PaymentMethodSelect } from '../../../components/payments/payment-method-select';
import { PaypalPayButton } from '../../../components/payments/paypal-pay-button';
import { PurchaseResultDialog } from '../../../components/payments/purchase-result-dialog';
import { PurchasePauseNotice } from '../../../components/safer-gambling/purchase-pause-notice';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { CartIcon } from '../../../components/ui/icons';
import { useMessageText } from '../../../lib/api-messages';
import { useIsSignedIn } from '../../../lib/auth-tokens';
import { useProfile } from '../../../lib/user-profile';
import { planChoicesOf, useCartStore } from '../../../stores/cart-store';
import { toast } from '../../../stores/toast-store';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { useCartTips } from '../api/cart-api';
import { type BuyerDetails, BuyerDetailsSchema, buyerDetailsOf, EMPTY_BUYER_DETAILS } from '../buyer-details';
import { cartTotalCents, checkoutKind, checkoutMethods, defaultCheckoutMethod } from '../checkout-options';
import { useCheckoutPurchase } from '../hooks/use-checkout-purchase';
import { useDropUnavailable } from '../hooks/use-drop-unavailable';
import { BuyerDetailsForm } from './buyer-details-form';
import { CartTable } from './cart-table';
import { CheckoutTotal } from './checkout-total';
import { SignInPrompt } from './sign-in-prompt';
import { UnavailableNotice } from './unavailable-notice';

export function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const _queryClient = useQueryClient();
  const messageText = useMessageText();
  const isSignedIn = useIsSignedIn();
  const profile = useProfile();
  const balance = useUserProfileStore((state) => state.balance);
  const tipIds = useCartStore((state) => state.tipIds);
  const cartPlans = useCartStore((state) => state.plans);
  const cart = useCartTips(tipIds, planChoicesOf(cartPlans, tipIds));
  const removedReasons = useDropUnavailable(cart);
  const [method, setMethod] = useState<number>(() => defaultCheckoutMethod(isSignedIn));
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
  const plans = planChoicesOf(cartPlans, cartIds);
  const totalCents = cartTotalCents(tips);
  const isLoading = cart.isPending && tipIds.length > 0;
  const { outcome, setOutcome, isSubmitting, payWithCredits, requestPurchase } = useCheckoutPurchase({
    cartIds,
    plans,
    method: currentMethod,
    form,
    profile: profile.data,
  });
  const isEmpty = tipIds.length === 0 && !outcome;

  const removeFromCart = (tip: Tip) => {
    useCartStore.getState().removeTip(tip.id);
    toast.success(messageText(MESSAGES.tipRemoved));
  };

  return (
    <>
      <PageMeta title={t('pages.checkout.title')} description={t('pages.checkout.description')} noIndex />
      <PageHeader title={t('pages.checkout.title')} lede={t('pages.checkout.description')} />
      <Container className="grid gap-6 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start lg:gap-8">
        <PurchasePauseNotice className="lg:col-span-2" />
        <Card as="section" aria-labelledby={`${methodId}-cart`} className="flex flex-col gap-4">
          <h2 id={`${methodId}-cart`} className="sr-only">
            {t('account.checkout.cartTitle')}
          </h2>
          <UnavailableNotice removedReasons={removedReasons} />
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
          <CheckoutTotal kind={kind} totalCents={totalCents} balance={balance} hasTips={tips.length > 0} />
          {kind === 'paypal' ? (
            // #21.7: a visitor's emptied checkout is a dead end; today's tips are where they came from.
            <PaypalPayButton tipIds={cartIds} plans={plans} visitorNextPath="/today-tips" />
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
