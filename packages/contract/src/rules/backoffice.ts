// Messages and selection formats of the back office (tipster portal and admin API), without zod.
export const BACKOFFICE_MESSAGES = {
  kickoffPassed: 'The match has already kicked off: tips can only be published before kick-off.',
  fixtureRequired: 'Choose a match (fixtureId must be a positive whole number).',
  fixtureNotFound: 'This match does not exist.',
  fixtureNotScheduled: 'This match is not scheduled: tips can only be published on upcoming matches.',
  kickoffTooFar: 'Tips can be published at most 30 days before kick-off.',
  sameTeams: 'Home and away team must be different.',
  selectionInvalid: 'The selection does not fit the betting type.',
  oddsInvalid: 'Odds must be a decimal number from 1.01 to 1000 with at most 2 decimals.',
  stakeInvalid: 'Stake must be a whole number of units from 1 to 10.',
  priceInvalid: 'Price must be from 0 to 10000 dollars with at most 2 decimals.',
  priceRequired: 'Enter a price, or mark the tip as free.',
  noTipsterProfile: 'Your account is not linked to a tipster profile.',
  onePickPerMarket:
    'You already have an open tip on this match in this market. One pick per market: a second one would repeat or hedge it.',
  trialTipsFreeOnly:
    'Novice tipsters publish free tips only: set the price to 0 (or mark the tip as free) until you are promoted.',
  seniorPriceCap:
    'Senior tipsters may ask at most $50 for a tip: lower the price, or earn Premium by your record.',
  premiumPriceCap: 'Premium tipsters may ask at most $250 for a tip.',
  tierInvalid: 'The tier must be NOVICE, SENIOR or PREMIUM.',
  tierUnchanged: 'The tipster is already in this tier.',
  notKickedOff: 'This match has not kicked off yet, so it cannot be settled.',
  resultOrScoreRequired: 'Send a result or a final score.',
  resultDetailsRequired: 'Result details are required.',
  cannotGrade: 'This selection cannot be graded from a score: send the result explicitly.',
  noOpenTipsForMatch: 'No open tips for this match.',
  correctionChangesNothing:
    'The correction changes nothing: the tip already has this result and these details.',
  reasonRequired: 'A reason is required.',
  amountInvalid: 'Amount must be a non-zero number of credits with at most 2 decimals.',
  idempotencyKeyReused: 'This idempotency key was already used for another adjustment.',
  balanceWouldGoNegative: 'This adjustment would make the balance negative.',
  cannotRemoveOwnAdmin: 'You cannot remove your own admin role.',
  tipsterLinkedElsewhere: 'This tipster profile is linked to another user; unlink it first.',
  notManualOrder: 'Only manual payment requests are confirmed or rejected here.',
  userNotFound: 'User not found',
  contactMessageNotFound: 'Message not found',
  contactMessageHandled: 'This message has already been handled.',
  scoreInvalid: 'The half-time score cannot exceed the full-time score.',
} as const;

// ---------------------------------------------------------------------------------------------
// Selections: one format per betting type, so that every tip can be graded from a final score.

/** Betting types whose selection is a side or a total with a line, and the lines each allows. */
function quarterRange(from: number, to: number): readonly number[] {
  const lines: number[] = [];
  for (let quarters = Math.round(from * 4); quarters <= Math.round(to * 4); quarters++)
    lines.push(quarters / 4);
  return lines;
}
const ASIAN_LINES = quarterRange(-3.5, 3.5);
const TOTAL_LINES = quarterRange(0.5, 6.5);
const EUROPEAN_LINES = quarterRange(-5, 5).filter((line) => Number.isInteger(line));

/**
 * The line markets: Asian handicap (1, 5) −3.5…+3.5 in quarters, totals (2, 8) 0.5…6.5 in
 * quarters, European handicap (14) whole goals. Quarter lines settle as half wins / half losses.
 */
export const LINE_MARKETS: Record<number, { sides: readonly [string, string]; lines: readonly number[] }> = {
  1: { sides: ['Home', 'Away'], lines: ASIAN_LINES },
  5: { sides: ['Home', 'Away'], lines: ASIAN_LINES },
  2: { sides: ['Over', 'Under'], lines: TOTAL_LINES },
  8: { sides: ['Over', 'Under'], lines: TOTAL_LINES },
  14: { sides: ['Home', 'Away'], lines: EUROPEAN_LINES },
};

/** The canonical spelling of a line: handicaps are signed ('-0.25', '+1', '0'), totals are not. */
export function formatLine(bettingType: number, line: number): string {
  const text = String(line);
  const signed = LINE_MARKETS[bettingType]?.sides[0] === 'Home';
  return signed && line > 0 ? `+${text}` : text;
}

const SIMPLE_PATTERNS: Record<number, RegExp> = {
  3: /^(home|draw|away)$/i,
  6: /^(home|draw|away)$/i,
  4: /^\d{1,2}-\d{1,2}$/,
  7: /^\d{1,2}-\d{1,2}$/,
  15: /^(odd|even)$/i,
  113: /^(home|away)$/i,
};

/** Human hints for the publish form, per betting type. */
export const SELECTION_EXAMPLES: Record<number, string> = {
  1: 'Home -0.25, Away +1',
  2: 'Over 2.75, Under 3',
  3: 'Home, Draw, Away',
  4: '2-1',
  5: 'Home -0.5, Away +0.75',
  6: 'Home, Draw, Away',
  7: '1-0',
  8: 'Over 0.5, Under 1.25',
  14: 'Home -1, Away +1',
  15: 'Odd, Even',
  113: 'Home, Away',
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

function normalizeLineSelection(bettingType: number, candidate: string): string | null {
  const market = LINE_MARKETS[bettingType];
  const match = /^([a-z]+) ([+-]?\d{1,2}(?:\.\d{1,2})?)$/i.exec(candidate);
  if (!market || !match) return null;
  const side = capitalize(match[1]);
  if (!market.sides.includes(side)) return null;
  const line = Number(match[2]) + 0; // + 0 turns -0 into 0
  if (!market.lines.includes(line)) return null;
  // A total is never signed; a handicap other than 0 always is.
  const signed = /^[+-]/.test(match[2]);
  if (side === 'Over' || side === 'Under') {
    if (signed) return null;
  } else if (!signed && line !== 0) return null;
  return `${side} ${formatLine(bettingType, line)}`;
}

/**
 * The canonical spelling of a selection for its betting type ('home -0.25' → 'Home -0.25',
 * 'over 2.750' is refused, 'Over 3.0' → 'Over 3', '2 - 1' → '2-1'), or null when it does not fit.
 * Quarter lines settle as half wins and half losses (decision 047).
 */
export function normalizeSelection(bettingType: number, raw: string): string | null {
  const compact = raw.trim().replace(/\s+/g, ' ');
  if (LINE_MARKETS[bettingType]) return normalizeLineSelection(bettingType, compact);
  const pattern = SIMPLE_PATTERNS[bettingType];
  if (!pattern) return null;
  const candidate = /^\d{1,2} ?- ?\d{1,2}$/.test(compact) ? compact.replaceAll(' ', '') : compact;
  if (!pattern.test(candidate)) return null;
  return /^\d/.test(candidate) ? candidate : capitalize(candidate);
}
