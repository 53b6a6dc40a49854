import {
  BUY_CREDITS_METHODS,
  CREDITS_MAX,
  CREDITS_MIN,
  type CreditRequestMethod,
  isValidCreditAmount,
  MESSAGES,
  PAYPAL_METHOD,
} from '@tips/contract/rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { PageMeta } from '../../../components/layout/page-meta';
import { useManualPaymentLines } from '../../../components/payments/manual-payment-lines';
import { PaymentMethodSelect } from '../../../components/payments/payment-method-select';
import { PaypalCreditsButton } from '../../../components/payments/paypal-credits-button';
import {
  type PurchaseOutcome,
  PurchaseResultDialog,
} from '../../../components/payments/purchase-result-dialog';
import { PurchasePauseNotice } from '../../../components/safer-gambling/purchase-pause-notice';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Input } from '../../../components/ui/input';
import { apiErrorBody } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { creditsFromState } from '../../../lib/buy-credits-state';
import { useRequestCredits } from '../api/credits-api';
import { CreditPacks } from './credit-packs';
import { CreditPrice } from './credit-price';

const DEFAULT_CREDITS = 100;

export function BuyCreditsPage() {
  const { t } = useTranslation();
  const creditRequest = useRequestCredits();
  const navigate = useNavigate();
  const location = useLocation();
  const messageText = useMessageText();
  const headingId = useId();
  const [method, setMethod] = useState<number>(BUY_CREDITS_METHODS[0]);
  const [creditsText, setCreditsText] = useState(() =>
    String(creditsFromState(location.state) ?? DEFAULT_CREDITS),
  );
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);
  const [isRequesting, setIsRequesting] = useState(false);

  const credits = creditsText.trim() === '' ? Number.NaN : Number(creditsText);
  const isValid = isValidCreditAmount(credits);

  // SPEC §2: the popup says the purchase went through and that tips are emailed (check spam).
  const manualPaymentLines = useManualPaymentLines();
  const succeed = (message: string, lines: string[] = []) =>
    setOutcome({ status: 'success', message, details: [...lines, messageText(MESSAGES.tipsEmailed)] });

  const request = async () => {
    if (!isValid) return;
    setIsRequesting(true);
    try {
      const { payment } = await creditRequest.mutateAsync({ credits, method: method as CreditRequestMethod });
      succeed(messageText(MESSAGES.purchaseRequested), manualPaymentLines(payment));
    } catch (error) {
      // SPEC §8: a failed credit request shows no message, except the one the member can act on:
      // the email must be verified first (issue #19.9; the dialog offers a new link).
      if (apiErrorBody(error)?.code === 'EMAIL_NOT_VERIFIED') {
        setOutcome({ status: 'failure', message: messageText(MESSAGES.emailNotVerified) });
      }
    } finally {
      setIsRequesting(false);
    }
  };

  return (
    <>
      <PageMeta title={t('pages.buyCredits.title')} description={t('pages.buyCredits.description')} noIndex />
      <PageHeader title={t('pages.buyCredits.title')} lede={t('pages.buyCredits.description')} />
      <Container className="grid gap-6 py-8 md:py-12 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start lg:gap-8">
        <PurchasePauseNotice className="lg:col-span-2" />
        <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-5">
          <div>
            <h2 id={headingId} className="font-display text-2xl font-bold uppercase tracking-wide text-ink">
              {t('account.credits.packsTitle')}
            </h2>
            <p className="mt-1 text-sm text-ink-muted">{t('account.credits.packsHint')}</p>
          </div>
          <CreditPacks
            selected={isValid ? credits : null}
            onSelect={(pack) => setCreditsText(String(pack))}
          />
        </Card>
        <Card as="aside" aria-label={t('account.credits.checkoutTitle')} className="flex flex-col gap-5">
          <PaymentMethodSelect
            label={t('account.credits.paymentMethod')}
            methods={BUY_CREDITS_METHODS}
            value={method}
            onChange={setMethod}
          />
          <Input
            label={t('account.credits.creditsLabel')}
            type="number"
            inputMode="numeric"
            min={CREDITS_MIN}
            max={CREDITS_MAX}
            step={1}
            value={creditsText}
            onChange={(event) => setCreditsText(event.target.value)}
            error={isValid ? undefined : messageText(MESSAGES.creditsOutOfRange)}
            hint={t('account.credits.rate')}
          />
          <CreditPrice credits={isValid ? credits : 0} />
          {method === PAYPAL_METHOD ? (
            <PaypalCreditsButton
              credits={isValid ? credits : 0}
              onPaid={() => succeed(t('account.credits.purchaseSuccessful'))}
              onFailed={(message) => setOutcome({ status: 'failure', message: messageText(message) })}
            />
          ) : (
            <Button
              size="lg"
              className="w-full"
              disabled={!isValid}
              isLoading={isRequesting}
              onClick={request}
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
          if (closed.status === 'success') navigate('/dashboard');
        }}
      />
    </>
  );
}
