import type { Random } from './random';

/** A plausible selection and decimal odds (hundredths) for each betting type. */
export function makeSelection(
  rnd: Random,
  bettingType: number,
): { selection: string; oddsHundredths: number } {
  const side = rnd.pick(['Home', 'Away'] as const);
  switch (bettingType) {
    case 1:
    case 5: {
      const line = rnd.pick(['-1.5', '-1', '-0.5', '+0.5', '+1', '+1.5']);
      return { selection: `${side} ${line}`, oddsHundredths: rnd.int(170, 215) };
    }
    case 2:
      return {
        selection: `${rnd.pick(['Over', 'Under'])} ${rnd.pick(['1.5', '2.5', '3', '3.5'])}`,
        oddsHundredths: rnd.int(160, 230),
      };
    case 8:
      return {
        selection: `${rnd.pick(['Over', 'Under'])} ${rnd.pick(['0.5', '1.5'])}`,
        oddsHundredths: rnd.int(150, 240),
      };
    case 3:
    case 6:
      return { selection: rnd.pick(['Home', 'Draw', 'Away']), oddsHundredths: rnd.int(180, 380) };
    case 4:
    case 7:
      return { selection: `${rnd.int(0, 3)}-${rnd.int(0, 2)}`, oddsHundredths: rnd.int(550, 1400) };
    case 14:
      return { selection: `${side} ${rnd.pick(['-1', '+1', '-2'])}`, oddsHundredths: rnd.int(190, 320) };
    case 15:
      return { selection: rnd.pick(['Odd', 'Even']), oddsHundredths: rnd.int(185, 205) };
    default:
      return { selection: side, oddsHundredths: rnd.int(140, 260) };
  }
}
