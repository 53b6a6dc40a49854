import type { Random } from './random';

/**
 * A plausible selection for each betting type, in the canonical spellings the settlement grades
 * ('Home -0.25', 'Over 2.75', 'Draw', '2-1', 'Odd', 'Home' for draw no bet, 'Home -1' for the
 * European handicap). Drawn from the PRNG alone: a pick never looks at the match's result.
 */
const AH_LINES = [
  '-1.5',
  '-1.25',
  '-1',
  '-0.75',
  '-0.5',
  '-0.25',
  '0',
  '+0.25',
  '+0.5',
  '+0.75',
  '+1',
  '+1.5',
];
const HT_AH_LINES = ['-0.5', '-0.25', '0', '+0.25', '+0.5'];
const TOTALS = ['1.5', '1.75', '2', '2.25', '2.5', '2.75', '3', '3.25', '3.5'];
const HT_TOTALS = ['0.5', '0.75', '1', '1.25', '1.5'];
const SCORES = ['0-0', '1-0', '0-1', '1-1', '2-0', '0-2', '2-1', '1-2', '2-2', '3-1', '1-3', '3-0'];
const HT_SCORES = ['0-0', '1-0', '0-1', '1-1'];

export function pickSelection(rnd: Random, bettingType: number): string {
  const side = rnd.pick(['Home', 'Away'] as const);
  switch (bettingType) {
    case 1:
      return `${side} ${rnd.pick(AH_LINES)}`;
    case 5:
      return `${side} ${rnd.pick(HT_AH_LINES)}`;
    case 2:
      return `${rnd.pick(['Over', 'Under'])} ${rnd.pick(TOTALS)}`;
    case 8:
      return `${rnd.pick(['Over', 'Under'])} ${rnd.pick(HT_TOTALS)}`;
    case 3:
    case 6:
      return rnd.pick(['Home', 'Draw', 'Away']);
    case 4:
      return rnd.pick(SCORES);
    case 7:
      return rnd.pick(HT_SCORES);
    case 14:
      return `${side} ${rnd.pick(['-1', '+1', '-2'])}`;
    case 15:
      return rnd.pick(['Odd', 'Even']);
    default:
      return side;
  }
}
