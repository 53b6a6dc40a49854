import {
  aiPlanSummary,
  formatCentsPlain,
  formatDollars,
  type ManualMethod,
  paymentMethodName,
} from '@tips/contract';
import { localizedEmail } from '../../../infra/mail/localized-email';
import { bettingTypeLabel, type MailLocale, selectionLabel } from '../../../infra/mail/mail-i18n';
import type { OutgoingEmail } from '../../../infra/mail/outbox.repo';
import { matchLabel } from '../commerce-messages';

/**
 * The emails of the purchase flows, in the recipient's language (an account's users.language, a
 * visitor's request language, else English). Only the buyer's own emails carry a selection (they
 * bought it); instructions for an unpaid request list the matches without one.
 */

export interface EmailTip {
  homeTeam: string;
  awayTeam: string;
  league: string;
  eventTime: Date;
  bettingType: number;
  selection: string;
  oddsHundredths: number;
  /** The tipster's analysis: part of what was bought (decision 141); '' when none was written. */
  reasoning: string;
  /** An AI plan's tip is its first pick (issue #30.4): the email says what the plan is. */
  aiPlanId?: number | null;
}

export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}

// One formatter per language, built on first use: a delivery to a thousand subscribers reuses it.
const kickOffFormats = new Map<string, Intl.DateTimeFormat>();

/** Kick-off in UTC, written the recipient's way (day/month order, month names); English as en-GB. */
function kickOff(tip: EmailTip, locale: MailLocale): string {
  const tag = locale.language === 'en' ? 'en-GB' : locale.htmlLang;
  let format = kickOffFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    kickOffFormats.set(tag, format);
  }
  return `${format.format(tip.eventTime)} UTC`;
}

export function creditsLabel(cents: number, locale: MailLocale): string {
  return locale.t('common.credits', { amount: formatCentsPlain(cents) });
}

/**
 * One row per bought tip: the match, then the pick with its market, odds and kick-off; under it
 * the tipster's analysis when they wrote one (paid content like the pick, decision 141).
 */
function tipRows(tips: readonly EmailTip[], locale: MailLocale): Array<[string, string]> {
  return tips.flatMap(
    (tip): Array<[string, string]> => [
      ...planRow(tip, locale),
      [
        matchLabel(tip),
        `${selectionLabel(tip.selection, locale)} @ ${formatCentsPlain(tip.oddsHundredths)} — ${bettingTypeLabel(tip.bettingType, locale)}, ${tip.league}, ${kickOff(tip, locale)}`,
      ],
      ...(tip.reasoning.trim()
        ? [[locale.t('common.analysis'), tip.reasoning.trim()] as [string, string]]
        : []),
    ],
  );
}

/** A plan of several picks, before its first pick: what it is and how the rest arrive. */
function planRow(tip: EmailTip, locale: MailLocale): Array<[string, string]> {
  const plan = aiPlanSummary(tip.aiPlanId);
  if (!plan || plan.picks < 2) return [];
  return [[plan.name, locale.t('common.planFirstPick', { plan: plan.name, total: plan.picks })]];
}

function greeting(firstName: string | null | undefined, locale: MailLocale): string {
  return firstName ? locale.t('common.hello', { name: firstName }) : locale.t('common.helloNoName');
}

export interface TipsPurchasedInput {
  to: string;
  /** The recipient's language (users.language, or the visitor's request language). */
  language: string;
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
  return localizedEmail(input.to, input.language, 'tips-purchased', (locale) => {
    const { t } = locale;
    const order = shortOrderNumber(input.orderId);
    const paid =
      input.paidWith === 'credits' ? creditsLabel(input.totalCents, locale) : formatDollars(input.totalCents);
    return {
      subject: t('tipsPurchased.subject', { order }),
      dedupeKey: `order:${input.orderId}:tips`,
      content: {
        heading: t('tipsPurchased.heading'),
        paragraphs: [
          greeting(input.firstName, locale),
          t('tipsPurchased.thanks', { order, paid }),
          ...(input.refundedCents > 0
            ? [t('tipsPurchased.refunded', { amount: creditsLabel(input.refundedCents, locale) })]
            : []),
          ...(input.dashboardUrl ? [t('tipsPurchased.runningTips')] : []),
        ],
        rows: tipRows(input.tips, locale),
        action: input.dashboardUrl
          ? { label: t('common.openDashboard'), url: input.dashboardUrl }
          : undefined,
      },
    };
  });
}

export interface CreditsReceiptInput {
  to: string;
  language: string;
  firstName: string;
  orderId: string;
  creditsCents: number;
  priceCents: number;
  balanceCents: number;
  method: number;
  dashboardUrl: string;
}

export function creditsReceiptEmail(input: CreditsReceiptInput): OutgoingEmail {
  return localizedEmail(input.to, input.language, 'credits-receipt', (locale) => {
    const { t } = locale;
    return {
      subject: t('creditsReceipt.subject', { credits: creditsLabel(input.creditsCents, locale) }),
      dedupeKey: `order:${input.orderId}:receipt`,
      content: {
        heading: t('creditsReceipt.heading'),
        paragraphs: [greeting(input.firstName, locale), t('creditsReceipt.body')],
        rows: [
          [t('common.order'), shortOrderNumber(input.orderId)],
          [t('creditsReceipt.credits'), creditsLabel(input.creditsCents, locale)],
          [t('creditsReceipt.pricePaid'), formatDollars(input.priceCents)],
          [t('creditsReceipt.paymentMethod'), paymentMethodName(input.method)],
          [t('creditsReceipt.newBalance'), creditsLabel(input.balanceCents, locale)],
        ],
        action: { label: t('common.openDashboard'), url: input.dashboardUrl },
      },
    };
  });
}

export interface InstructionsInput {
  to: string;
  language: string;
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
  return localizedEmail(input.to, input.language, 'payment-instructions', (locale) => {
    const { t } = locale;
    const order = shortOrderNumber(input.orderId);
    const method = paymentMethodName(input.method);
    const support = input.supportEmail;
    const total = formatDollars(input.totalCents);
    const itemRows: Array<[string, string]> =
      input.items.kind === 'tips'
        ? input.items.tips.map((tip) => [matchLabel(tip), formatDollars(tip.priceCents)])
        : [[t('creditsReceipt.credits'), creditsLabel(input.items.creditsCents, locale)]];
    return {
      subject: t('instructions.subject', { order }),
      dedupeKey: `order:${input.orderId}:instructions`,
      content: {
        heading: t('instructions.heading', { method }),
        // Either the real details from configuration, or one plain sentence that support sends them:
        // never a pointer to details the email does not contain.
        paragraphs: [
          greeting(input.firstName, locale),
          t('instructions.receivedOnly', { order }),
          input.payTo
            ? t('instructions.payToDetails', { total, method, payTo: input.payTo, order })
            : t('instructions.reply', { support, method }),
          input.items.kind === 'tips'
            ? t('instructions.afterTips', { support })
            : t('instructions.afterCredits', { support }),
        ],
        rows: [...itemRows, [t('common.total'), total], [t('common.reference'), input.orderId]],
      },
    };
  });
}

export function requestRejectedEmail(input: {
  to: string;
  language: string;
  firstName: string | null;
  orderId: string;
  reason: string;
  supportEmail: string;
}): OutgoingEmail {
  return localizedEmail(input.to, input.language, 'request-rejected', (locale) => {
    const { t } = locale;
    const order = shortOrderNumber(input.orderId);
    return {
      subject: t('rejected.subject', { order }),
      dedupeKey: `order:${input.orderId}:rejected`,
      content: {
        heading: t('rejected.heading'),
        paragraphs: [
          greeting(input.firstName, locale),
          t('rejected.reason', { order, reason: input.reason }),
          t('rejected.mistake', { support: input.supportEmail }),
        ],
      },
    };
  });
}

export function aiTipDeliveredEmail(input: {
  to: string;
  language: string;
  subscriptionId: number;
  tipId: number;
  planName: string;
  tip: EmailTip;
  delivered: number;
  total: number;
  dashboardUrl: string | null;
}): OutgoingEmail {
  return localizedEmail(input.to, input.language, 'ai-tip-delivered', (locale) => {
    const { t } = locale;
    return {
      subject: t('aiTip.subject', { plan: input.planName, match: matchLabel(input.tip) }),
      dedupeKey: `ai-subscription:${input.subscriptionId}:tip:${input.tipId}`,
      content: {
        heading: t('aiTip.heading'),
        paragraphs: [
          t('aiTip.progress', { delivered: input.delivered, total: input.total, plan: input.planName }),
          ...(input.dashboardUrl ? [t('aiTip.runningTips')] : []),
        ],
        rows: tipRows([input.tip], locale),
        action: input.dashboardUrl
          ? { label: t('common.openDashboard'), url: input.dashboardUrl }
          : undefined,
      },
    };
  });
}
