// Messages and selection formats of the back office (tipster portal and admin API), without zod.
export const BACKOFFICE_MESSAGES = {
  kickoffPassed: 'The match has already kicked off: tips can only be published before kick-off.',
  kickoffTooFar: 'Tips can be published at most 30 days before kick-off.',
  sameTeams: 'Home and away team must be different.',
  selectionInvalid: 'The selection does not fit the betting type.',
  oddsInvalid: 'Odds must be a decimal number from 1.01 to 1000 with at most 2 decimals.',
  priceInvalid: 'Price must be from 0 to 10000 dollars with at most 2 decimals.',
  priceRequired: 'Enter a price, or mark the tip as free.',
  noTipsterProfile: 'Your account is not linked to a tipster profile.',
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

const LINE_HALF = String.raw`(?:0|[+-]\d{1,2}(?:\.[05])?)`;
const SELECTION_PATTERNS: Record<number, RegExp> = {
  1: new RegExp(`^(home|away) ${LINE_HALF}$`, 'i'),
  5: new RegExp(`^(home|away) ${LINE_HALF}$`, 'i'),
  2: /^(over|under) \d{1,2}(?:\.[05])?$/i,
  8: /^(over|under) \d{1,2}(?:\.[05])?$/i,
  3: /^(home|draw|away)$/i,
  6: /^(home|draw|away)$/i,
  4: /^\d{1,2}-\d{1,2}$/,
  7: /^\d{1,2}-\d{1,2}$/,
  14: /^(home|away) (?:0|[+-]\d{1,2})$/i,
  15: /^(odd|even)$/i,
  113: /^(home|away)$/i,
};

/** Human hints for the publish form, per betting type. */
export const SELECTION_EXAMPLES: Record<number, string> = {
  1: 'Home -0.5, Away +1',
  2: 'Over 2.5, Under 3',
  3: 'Home, Draw, Away',
  4: '2-1',
  5: 'Home -0.5, Away +0.5',
  6: 'Home, Draw, Away',
  7: '1-0',
  8: 'Over 0.5, Under 1.5',
  14: 'Home -1, Away +1',
  15: 'Odd, Even',
  113: 'Home, Away',
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/**
 * The canonical spelling of a selection for its betting type ('home -0.5' → 'Home -0.5',
 * '2 - 1' → '2-1'), or null when it does not fit. Quarter lines are refused: they settle as
 * half wins and half losses, which a tip's WIN / LOSS / VOID cannot express.
 */
export function normalizeSelection(bettingType: number, raw: string): string | null {
  const pattern = SELECTION_PATTERNS[bettingType];
  if (!pattern) return null;
  const compact = raw.trim().replace(/\s+/g, ' ');
  const candidate = /^\d{1,2} ?- ?\d{1,2}$/.test(compact) ? compact.replaceAll(' ', '') : compact;
  if (!pattern.test(candidate)) return null;
  const [word, ...rest] = candidate.split(' ');
  return /^\d/.test(word) ? candidate : [capitalize(word), ...rest].join(' ');
}
