import type { DbOrTx } from '../../../db/client';
import { localizedEmail } from '../../../infra/mail/localized-email';
import { bettingTypeLabel, selectionLabel } from '../../../infra/mail/mail-i18n';
import { enqueueEmails, type OutgoingEmail } from '../../../infra/mail/outbox.repo';
import type { TipBuyer } from './settle-tip.repo';
import type { TipRow } from './settlement.repo';

export type ResultEmailKind = { kind: 'settled' } | { kind: 'corrected'; correctionId: number };

/**
 * The buyer's email about their tip's result, in the buyer's language (users.language; a visitor
 * buyer gets English). The tip is finalized, so its selection may be shown.
 */
export function tipResultEmail(
  to: string,
  tip: TipRow,
  publicUrl: string,
  event: ResultEmailKind,
  language = 'en',
): OutgoingEmail {
  const corrected = event.kind === 'corrected';
  const template = corrected ? 'tip-result-corrected' : 'tip-result';
  return localizedEmail(to, language, template, (locale) => {
    const { t } = locale;
    const match = `${tip.homeTeam} vs ${tip.awayTeam}`;
    const result = t(`tipResult.${tip.result ?? 'PENDING'}`);
    return {
      subject: corrected
        ? t('tipResult.correctedSubject', { match })
        : t('tipResult.subject', { match, result }),
      dedupeKey: corrected
        ? `tip-result-corrected:${tip.id}:${event.correctionId}:${to.toLowerCase()}`
        : `tip-result:${tip.id}:${to.toLowerCase()}`,
      content: {
        heading: corrected ? t('tipResult.correctedHeading') : t('tipResult.heading'),
        paragraphs: [corrected ? t('tipResult.correctedBody') : t('tipResult.body')],
        rows: [
          [t('tipResult.match'), match],
          [t('tipResult.league'), tip.league],
          [t('tipResult.kickOff'), tip.eventTime.toISOString().slice(0, 16).replace('T', ' ')],
          [t('tipResult.bettingType'), bettingTypeLabel(tip.bettingType, locale)],
          [t('tipResult.selection'), selectionLabel(tip.selection, locale)],
          [t('tipResult.odds'), (tip.oddsHundredths / 100).toFixed(2)],
          [t('tipResult.result'), result],
          ...(tip.resultDetails
            ? ([[t('tipResult.details'), tip.resultDetails]] as Array<[string, string]>)
            : []),
        ],
        action: { label: t('tipResult.action'), url: `${publicUrl}/dashboard` },
      },
    };
  });
}

/**
 * One recipient per address (compared case-insensitively), as first given, with that buyer's
 * language; buyers without an address are skipped.
 */
export function buyerRecipients(buyers: readonly TipBuyer[]): Array<{ to: string; language: string }> {
  const byAddress = new Map<string, { to: string; language: string }>();
  for (const { email, language } of buyers) {
    if (email && !byAddress.has(email.toLowerCase()))
      byAddress.set(email.toLowerCase(), { to: email, language });
  }
  return [...byAddress.values()];
}

/**
 * Queues the result email for every buyer in the caller's transaction; returns how many. The
 * buyers come from the statement that settled the tip (settleTipWithBuyersInTx).
 */
export async function emailBuyersTheResult(
  tx: DbOrTx,
  tip: TipRow,
  buyers: readonly TipBuyer[],
  publicUrl: string,
  event: ResultEmailKind,
): Promise<number> {
  const recipients = buyerRecipients(buyers);
  // One statement per 500 buyers, not one per buyer: a popular tip's settlement stays short.
  await enqueueEmails(
    tx,
    recipients.map(({ to, language }) => tipResultEmail(to, tip, publicUrl, event, language)),
  );
  return recipients.length;
}
