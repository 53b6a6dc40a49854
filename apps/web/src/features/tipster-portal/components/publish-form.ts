import {
  BACKOFFICE_MESSAGES,
  formatLine,
  LINE_MARKETS,
  normalizeSelection,
  STAKE_DEFAULT,
} from '@tips/contract/rules';
import { PublishTipBodySchema, type PublishTipInput } from '@tips/contract/tipster-portal.schemas';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the inputs hold: text, as the browser gives it. */
export interface PublishFormValues {
  /** The picked fixture's id ('' until one is picked). */
  fixtureId: string;
  bettingType: string;
  /** Home / Away / Draw, Over / Under, Odd / Even: the side or outcome of the market. */
  side: string;
  /** The line of a handicap or total ('-0.25', '2.75'); '' for markets without one. */
  line: string;
  /** Correct score. */
  scoreHome: string;
  scoreAway: string;
  odds: string;
  /** Units, 1–10: the tipster's confidence (profit and yield are counted in them). */
  stake: string;
  price: string;
  isFree: boolean;
  reasoning: string;
}

export const EMPTY_PUBLISH_FORM: PublishFormValues = {
  fixtureId: '',
  bettingType: '3',
  side: 'Home',
  line: '',
  scoreHome: '',
  scoreAway: '',
  odds: '',
  stake: String(STAKE_DEFAULT),
  price: '',
  isFree: false,
  reasoning: '',
};

/** Marks a field as required; the page shows its own translated text for it. */
export const REQUIRED = 'required';

/** The sides (or outcomes) a betting type offers, in the order the form lists them. */
export function sidesOf(bettingType: number): readonly string[] {
  const market = LINE_MARKETS[bettingType];
  if (market) return market.sides;
  if (bettingType === 3 || bettingType === 6) return ['Home', 'Draw', 'Away'];
  if (bettingType === 15) return ['Odd', 'Even'];
  if (bettingType === 113) return ['Home', 'Away'];
  return [];
}

export const isCorrectScore = (bettingType: number) => bettingType === 4 || bettingType === 7;

/** The lines a betting type allows, as the form's option values ('' when it has none). */
export function linesOf(bettingType: number): Array<{ value: string; label: string }> {
  return (LINE_MARKETS[bettingType]?.lines ?? []).map((line) => ({
    value: String(line),
    label: formatLine(bettingType, line),
  }));
}

/** The default line of a market: the level line of a handicap, 2.5 goals for a total. */
export function defaultLine(bettingType: number): string {
  const market = LINE_MARKETS[bettingType];
  if (!market) return '';
  return market.sides[0] === 'Over' ? '2.5' : '0';
}

/** The canonical selection the structured market stands for ('Home -0.25', 'Over 2.75', '2-1'). */
export function composeSelection(values: PublishFormValues): string {
  const bettingType = Number(values.bettingType);
  if (isCorrectScore(bettingType)) {
    const [home, away] = [values.scoreHome.trim(), values.scoreAway.trim()];
    return home === '' || away === '' ? '' : `${home}-${away}`;
  }
  if (LINE_MARKETS[bettingType]) {
    if (values.line === '' || Number.isNaN(Number(values.line))) return '';
    return `${values.side} ${formatLine(bettingType, Number(values.line))}`;
  }
  return values.side;
}

function toNumber(text: string | undefined): number {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? Number.NaN : Number(trimmed.replace(',', '.'));
}

/** The request body the form stands for (what the API's own schema then checks). */
export function toPublishBody(values: PublishFormValues): PublishTipInput {
  const price = toNumber(values.price);
  return {
    fixtureId: Number(values.fixtureId || Number.NaN),
    bettingType: Number(values.bettingType) as PublishTipInput['bettingType'],
    selection: composeSelection(values),
    odds: toNumber(values.odds),
    stake: toNumber(values.stake),
    ...(values.isFree ? { free: true } : (values.price ?? '').trim() === '' ? {} : { price }),
    reasoning: values.reasoning,
  };
}

/**
 * Validates with the API's schema (PublishTipBodySchema), so the form refuses exactly what the
 * server would, plus the kick-off check against the browser's clock. Messages stay the contract's
 * English text (or REQUIRED); the form translates them when it shows them. Selection problems are
 * shown on the market (`selection`).
 */
export function createPublishResolver(
  now: () => Date = () => new Date(),
  kickoffOf: (fixtureId: string) => string | undefined = () => undefined,
): Resolver<PublishFormValues> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const add = (field: string, message: string) => {
      errors[field] ??= { type: 'validate', message };
    };

    if (values.fixtureId === '') add('fixtureId', REQUIRED);
    else {
      const kickoff = kickoffOf(values.fixtureId);
      if (kickoff && new Date(kickoff).getTime() <= now().getTime()) {
        add('fixtureId', BACKOFFICE_MESSAGES.kickoffPassed);
      }
    }
    const selection = composeSelection(values);
    if (selection === '') add('selection', REQUIRED);
    else if (normalizeSelection(Number(values.bettingType), selection) === null) {
      add('selection', BACKOFFICE_MESSAGES.selectionInvalid);
    }
    if (!values.isFree && (values.price ?? '').trim() === '') add('price', BACKOFFICE_MESSAGES.priceRequired);

    const parsed = PublishTipBodySchema.safeParse(toPublishBody(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'root');
        add(field === 'free' ? 'price' : field, issue.message);
      }
    }

    if (Object.keys(errors).length > 0) {
      return { values: {}, errors: errors as FieldErrors<PublishFormValues> };
    }
    return { values, errors: {} };
  };
}
