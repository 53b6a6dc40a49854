import { bettingTypeName } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { renderEmail } from '../../infra/mail/email-layout';
import { enqueueEmails, type OutgoingEmail } from '../../infra/mail/outbox.repo';
import type { TipBuyer } from '../settlement/settle-tip';
import type { TipRow } from './admin-tips.repo';

const RESULT_WORD = { WIN: 'Win', LOSS: 'Loss', VOID: 'Void (stake returned)' } as const;

export type ResultEmailKind = { kind: 'settled' } | { kind: 'corrected'; correctionId: number };

/** The buyer's email about their tip's result. The tip is finalized, so its selection may be shown. */
export function tipResultEmail(
  to: string,
  tip: TipRow,
  publicUrl: string,
  event: ResultEmailKind,
): OutgoingEmail {
  const match = `${tip.homeTeam} vs ${tip.awayTeam}`;
  const result = tip.result ? RESULT_WORD[tip.result] : 'Pending';
  const corrected = event.kind === 'corrected';
  return {
    to,
    subject: corrected ? `Corrected result: ${match}` : `Tip result: ${match} — ${result}`,
    template: corrected ? 'tip-result-corrected' : 'tip-result',
    dedupeKey: corrected
      ? `tip-result-corrected:${tip.id}:${event.correctionId}:${to.toLowerCase()}`
      : `tip-result:${tip.id}:${to.toLowerCase()}`,
    ...renderEmail({
      heading: corrected ? 'The result of your tip was corrected' : 'Your tip has been settled',
      paragraphs: corrected
        ? ['We made a mistake when settling this tip. Here is the corrected result.']
        : ['The match of a tip you bought is over. Here is the result.'],
      rows: [
        ['Match', match],
        ['League', tip.league],
        ['Kick-off (UTC)', tip.eventTime.toISOString().slice(0, 16).replace('T', ' ')],
        ['Betting type', bettingTypeName(tip.bettingType)],
        ['Selection', tip.selection],
        ['Odds', (tip.oddsHundredths / 100).toFixed(2)],
        ['Result', result],
        ...(tip.resultDetails ? ([['Details', tip.resultDetails]] as Array<[string, string]>) : []),
      ],
      action: { label: 'See your history', url: `${publicUrl}/dashboard` },
    }),
  };
}

/** One address each (compared case-insensitively), as first given; buyers without one are skipped. */
export function buyerAddresses(buyers: readonly TipBuyer[]): string[] {
  const byAddress = new Map<string, string>();
  for (const { email } of buyers) {
    if (email && !byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), email);
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
  const recipients = buyerAddresses(buyers);
  // One statement per 500 buyers, not one per buyer: a popular tip's settlement stays short.
  await enqueueEmails(
    tx,
    recipients.map((to) => tipResultEmail(to, tip, publicUrl, event)),
  );
  return recipients.length;
}
