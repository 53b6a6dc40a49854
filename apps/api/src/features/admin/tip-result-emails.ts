import { bettingTypeName } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { renderEmail } from '../../infra/mail/email-layout';
import { enqueueEmails, type OutgoingEmail } from '../../infra/mail/outbox.repo';
import { listBuyerEmails, type TipRow } from './admin-tips.repo';

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

/** Queues the result email for every buyer in the caller's transaction; returns how many. */
export async function emailBuyersTheResult(
  tx: DbOrTx,
  tip: TipRow,
  publicUrl: string,
  event: ResultEmailKind,
): Promise<number> {
  const recipients = await listBuyerEmails(tx, tip.id);
  // One statement per 500 buyers, not one per buyer: a popular tip's settlement stays short.
  await enqueueEmails(
    tx,
    recipients.map((to) => tipResultEmail(to, tip, publicUrl, event)),
  );
  return recipients.length;
}
