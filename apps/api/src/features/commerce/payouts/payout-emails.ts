import { localizedEmail } from '../../../infra/mail/localized-email';
import type { OutgoingEmail } from '../../../infra/mail/outbox.repo';

/** The tipster's email when PayPal paid a payout, or when it failed or came back (restored). */
export function payoutEmail(
  p: {
    id: number;
    to: string;
    firstName: string | null;
    amount: string;
    receiver: string;
    kind: 'sent' | 'failed';
  },
  publicUrl: string,
  language: string,
): OutgoingEmail {
  return localizedEmail(p.to, language, `payout-${p.kind}`, ({ t }) => ({
    subject: t(`payout.${p.kind}.subject`, { amount: p.amount }),
    dedupeKey: `payout:${p.id}:${p.kind}`,
    content: {
      heading: t(`payout.${p.kind}.heading`),
      paragraphs: [t(`payout.${p.kind}.body`)],
      rows: [
        [t('payout.amount'), p.amount],
        [t('payout.receiver'), p.receiver],
      ],
      action: { label: t('payout.action'), url: `${publicUrl}/tipster` },
    },
  }));
}
