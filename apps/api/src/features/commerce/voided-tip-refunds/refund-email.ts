import { formatCentsPlain } from '@tips/contract';
import type { TipRefundRow } from '../../../db/rows';
import { localizedEmail } from '../../../infra/mail/localized-email';
import type { OutgoingEmail } from '../../../infra/mail/outbox.repo';

/** What a refund email says of the voided tip. */
export interface TipForEmail {
  id: number;
  homeTeam: string;
  awayTeam: string;
  league: string;
}

/** The buyer's email about their refund, in their language: to credits or to PayPal. */
export function refundEmail(
  refund: Pick<TipRefundRow, 'id' | 'amountCents' | 'currency' | 'method'> & { email: string },
  tip: TipForEmail,
  publicUrl: string,
  language: string,
): OutgoingEmail {
  return localizedEmail(refund.email, language, 'tip-refund', ({ t }) => {
    const match = `${tip.homeTeam} vs ${tip.awayTeam}`;
    const amount =
      refund.method === 'paypal'
        ? t('tipRefund.toPaypal', { amount: `${formatCentsPlain(refund.amountCents)} ${refund.currency}` })
        : t('tipRefund.toCredits', { amount: formatCentsPlain(refund.amountCents) });
    return {
      subject: t('tipRefund.subject', { match }),
      dedupeKey: `tip-refund:${refund.id}`,
      content: {
        heading: t('tipRefund.heading'),
        paragraphs: [t('tipRefund.body')],
        rows: [
          [t('tipResult.match'), match],
          [t('tipResult.league'), tip.league],
          [t('tipResult.result'), t('tipResult.VOID')],
          [t('tipRefund.refunded'), amount],
        ],
        action: { label: t('tipResult.action'), url: `${publicUrl}/dashboard` },
      },
    };
  });
}
