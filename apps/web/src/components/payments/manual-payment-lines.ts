import type { ManualRequestResponse } from '@tips/contract/commerce.schemas';
import { paymentMethodName } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../lib/bidi';
import { htmlLangOf, siteLanguageOf } from '../../lib/language';

export type ManualPayment = ManualRequestResponse['payment'];

/**
 * The success popup's copy of the payment-instructions email: where to send the money and the
 * order number to quote, or one plain sentence that support will send the details.
 */
export function useManualPaymentLines(): (payment: ManualPayment | undefined) => string[] {
  const { t, i18n } = useTranslation();
  return (payment) => {
    // A server from before #21 answers without the details: the email still has them.
    if (!payment) return [];
    const method = paymentMethodName(payment.method);
    // Addresses and order numbers read left to right inside an Arabic or Hebrew sentence.
    const order = isolateLtr(payment.orderNumber);
    if (!payment.payTo) {
      return [t('ux.payment.supportSends', { method, order, support: isolateLtr(payment.supportEmail) })];
    }
    // i18next holds the BCP 47 tag (ar-AE); the site speaks in site codes (ar-ae).
    const language = siteLanguageOf(i18n.resolvedLanguage);
    const total = new Intl.NumberFormat(htmlLangOf(language), {
      style: 'currency',
      currency: 'USD',
    }).format(payment.totalCents / 100);
    return [
      t('ux.payment.payTo', { total, method, payTo: isolateLtr(payment.payTo) }),
      t('ux.payment.reference', { order }),
    ];
  };
}
