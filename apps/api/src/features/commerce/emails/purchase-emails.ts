import {
  bettingTypeName,
  formatCentsPlain,
  formatCredits,
  formatDollars,
  type ManualMethod,
  PAYMENT_INSTRUCTIONS,
  paymentMethodName,
} from '@tips/contract';
import { renderEmail } from '../../../infra/mail/email-layout';
import type { OutgoingEmail } from '../../../infra/mail/outbox.repo';
import { matchLabel } from '../commerce-messages';

/**
 * The emails of the purchase flows. Only the buyer's own emails carry a selection (they bought it);
 * instructions for an unpaid request list the matches without one.
 */

export interface EmailTip {
  homeTeam: string;
  awayTeam: string;
  league: string;
  eventTime: Date;
  bettingType: number;
  selection: string;
  oddsHundredths: number;
}

const KICK_OFF = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

function kickOff(tip: EmailTip): string {
  return `${KICK_OFF.format(tip.eventTime)} UTC`;
}

/** One row per bought tip: the match, then the pick with its market, odds and kick-off. */
function tipRows(tips: readonly EmailTip[]): Array<[string, string]> {
  return tips.map((tip) => [
    matchLabel(tip),
    `${tip.selection} @ ${formatCentsPlain(tip.oddsHundredths)} — ${bettingTypeName(tip.bettingType)}, ${tip.league}, ${kickOff(tip)}`,
  ]);
}

function greeting(firstName: string | null | undefined): string {
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

export interface TipsPurchasedInput {
  to: string;
  firstName: string | null;
  orderId: string;
  tips: readonly EmailTip[];
  totalCents: number;
  paidWith: 'credits' | 'paypal' | 'manual';
  /** Tips that were already the buyer's; their price went back to the buyer's credits. */
  refundedCents: number;
  dashboardUrl: string | null;
}

export function tipsPurchasedEmail(input: TipsPurchasedInput): OutgoingEmail {
  const paid =
    input.paidWith === 'credits' ? formatCredits(input.totalCents) : formatDollars(input.totalCents);
  return {
    to: input.to,
    subject: `Your tips — order ${shortOrderNumber(input.orderId)}`,
    template: 'tips-purchased',
    dedupeKey: `order:${input.orderId}:tips`,
    ...renderEmail({
      heading: 'Your tips are here',
      paragraphs: [
        greeting(input.firstName),
        `Thank you for your purchase (order ${shortOrderNumber(input.orderId)}, ${paid}). Here are your tips:`,
        ...(input.refundedCents > 0
          ? [
              `Some of these tips were already yours, so ${formatCredits(input.refundedCents)} went back to your balance.`,
            ]
          : []),
        ...(input.dashboardUrl
          ? ['They are also in the "Running Tips" section of your dashboard until the matches are settled.']
          : []),
      ],
      rows: tipRows(input.tips),
      action: input.dashboardUrl ? { label: 'Open my dashboard', url: input.dashboardUrl } : undefined,
    }),
  };
}

export interface CreditsReceiptInput {
  to: string;
  firstName: string;
  orderId: string;
  creditsCents: number;
  priceCents: number;
  balanceCents: number;
  method: number;
  dashboardUrl: string;
}

export function creditsReceiptEmail(input: CreditsReceiptInput): OutgoingEmail {
  return {
    to: input.to,
    subject: `Receipt: ${formatCredits(input.creditsCents)} added to your account`,
    template: 'credits-receipt',
    dedupeKey: `order:${input.orderId}:receipt`,
    ...renderEmail({
      heading: 'Credits added to your account',
      paragraphs: [greeting(input.firstName), 'Your payment was received and the credits are ready to use.'],
      rows: [
        ['Order', shortOrderNumber(input.orderId)],
        ['Credits', formatCredits(input.creditsCents)],
        ['Price paid', formatDollars(input.priceCents)],
        ['Payment method', paymentMethodName(input.method)],
        ['New balance', formatCredits(input.balanceCents)],
      ],
      action: { label: 'Open my dashboard', url: input.dashboardUrl },
    }),
  };
}

export interface InstructionsInput {
  to: string;
  firstName: string | null;
  orderId: string;
  method: ManualMethod;
  totalCents: number;
  /** Tips requested (matches only, no selections: they are not paid yet), or the credits asked for. */
  items:
    | { kind: 'tips'; tips: ReadonlyArray<{ homeTeam: string; awayTeam: string; priceCents: number }> }
    | { kind: 'credits'; creditsCents: number };
  supportEmail: string;
  /** Where to send the money for this method (wallet address, account, receiver), from configuration. */
  payTo?: string;
}

export function paymentInstructionsEmail(input: InstructionsInput): OutgoingEmail {
  const order = shortOrderNumber(input.orderId);
  const itemRows: Array<[string, string]> =
    input.items.kind === 'tips'
      ? input.items.tips.map((tip) => [matchLabel(tip), formatDollars(tip.priceCents)])
      : [['Credits', formatCredits(input.items.creditsCents)]];
  return {
    to: input.to,
    subject: `Payment instructions for order ${order}`,
    template: 'payment-instructions',
    dedupeKey: `order:${input.orderId}:instructions`,
    ...renderEmail({
      heading: `How to pay with ${paymentMethodName(input.method)}`,
      paragraphs: [
        greeting(input.firstName),
        `We have received your request (order ${order}). ${PAYMENT_INSTRUCTIONS[input.method]}`,
        `Order number: ${order}. Total: ${formatDollars(input.totalCents)}.`,
        input.payTo
          ? `Pay to: ${input.payTo}`
          : `Reply to ${input.supportEmail} with your order number and we will send you the ${paymentMethodName(input.method)} payment details.`,
        `As soon as we have confirmed your payment, ${input.items.kind === 'tips' ? 'your tips will be emailed to you' : 'the credits will be added to your account'}. Questions: ${input.supportEmail}.`,
      ],
      rows: [...itemRows, ['Total', formatDollars(input.totalCents)], ['Reference', input.orderId]],
    }),
  };
}

export function requestRejectedEmail(input: {
  to: string;
  firstName: string | null;
  orderId: string;
  reason: string;
  supportEmail: string;
}): OutgoingEmail {
  const order = shortOrderNumber(input.orderId);
  return {
    to: input.to,
    subject: `Your request ${order} was declined`,
    template: 'request-rejected',
    dedupeKey: `order:${input.orderId}:rejected`,
    ...renderEmail({
      heading: 'We could not confirm your payment',
      paragraphs: [
        greeting(input.firstName),
        `Your request ${order} was declined: ${input.reason}`,
        `If you believe this is a mistake, reply to ${input.supportEmail} with your order number.`,
      ],
    }),
  };
}

export function aiTipDeliveredEmail(input: {
  to: string;
  subscriptionId: number;
  tipId: number;
  planName: string;
  tip: EmailTip;
  delivered: number;
  total: number;
  dashboardUrl: string | null;
}): OutgoingEmail {
  return {
    to: input.to,
    subject: `${input.planName}: your AI tip for ${matchLabel(input.tip)}`,
    template: 'ai-tip-delivered',
    dedupeKey: `ai-subscription:${input.subscriptionId}:tip:${input.tipId}`,
    ...renderEmail({
      heading: 'Your AI model tip',
      paragraphs: [
        `Tip ${input.delivered} of ${input.total} of your ${input.planName}.`,
        ...(input.dashboardUrl ? ['It is also in the "Running Tips" section of your dashboard.'] : []),
      ],
      rows: tipRows([input.tip]),
      action: input.dashboardUrl ? { label: 'Open my dashboard', url: input.dashboardUrl } : undefined,
    }),
  };
}
