import { BACKOFFICE_MESSAGES, normalizeSelection } from '@tips/contract/rules';
import { PublishTipBodySchema, type PublishTipInput } from '@tips/contract/tipster-portal.schemas';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the inputs hold: text, as the browser gives it. */
export interface PublishFormValues {
  league: string;
  homeTeam: string;
  awayTeam: string;
  /** `datetime-local`: local wall-clock time without a zone. */
  eventTime: string;
  bettingType: string;
  selection: string;
  odds: string;
  price: string;
  isFree: boolean;
  reasoning: string;
}

export const EMPTY_PUBLISH_FORM: PublishFormValues = {
  league: '',
  homeTeam: '',
  awayTeam: '',
  eventTime: '',
  bettingType: '3',
  selection: '',
  odds: '',
  price: '',
  isFree: false,
  reasoning: '',
};

/** Marks a field as required; the page shows its own translated text for it. */
export const REQUIRED = 'required';

function toNumber(text: string | undefined): number {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? Number.NaN : Number(trimmed.replace(',', '.'));
}

function toIso(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The request body the form stands for (what the API's own schema then checks). */
export function toPublishBody(values: PublishFormValues): PublishTipInput {
  const price = toNumber(values.price);
  return {
    league: values.league,
    homeTeam: values.homeTeam,
    awayTeam: values.awayTeam,
    eventTime: toIso(values.eventTime),
    bettingType: Number(values.bettingType) as PublishTipInput['bettingType'],
    selection: values.selection,
    odds: toNumber(values.odds),
    ...(values.isFree ? { free: true } : (values.price ?? '').trim() === '' ? {} : { price }),
    reasoning: values.reasoning,
  };
}

const TEXT_FIELDS = ['league', 'homeTeam', 'awayTeam', 'selection'] as const;

/**
 * Validates with the API's schema (PublishTipBodySchema), so the form refuses exactly what the
 * server would, plus the kick-off check against the browser's clock. Messages stay the contract's
 * English text (or REQUIRED); the form translates them when it shows them.
 */
export function createPublishResolver(now: () => Date = () => new Date()): Resolver<PublishFormValues> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const add = (field: string, message: string) => {
      errors[field] ??= { type: 'validate', message };
    };

    for (const field of TEXT_FIELDS) if ((values[field] ?? '').trim() === '') add(field, REQUIRED);
    if (values.eventTime === '' || toIso(values.eventTime) === '') add('eventTime', REQUIRED);
    else if (new Date(values.eventTime).getTime() <= now().getTime()) {
      add('eventTime', BACKOFFICE_MESSAGES.kickoffPassed);
    }

    // The schema's cross-field rules only run once every field parses; say them all at once here.
    const home = (values.homeTeam ?? '').trim().toLowerCase();
    if (home && home === (values.awayTeam ?? '').trim().toLowerCase())
      add('awayTeam', BACKOFFICE_MESSAGES.sameTeams);
    if (
      (values.selection ?? '').trim() &&
      normalizeSelection(Number(values.bettingType), values.selection) === null
    ) {
      add('selection', BACKOFFICE_MESSAGES.selectionInvalid);
    }
    if (!values.isFree && (values.price ?? '').trim() === '') add('price', BACKOFFICE_MESSAGES.priceRequired);

    const body = toPublishBody(values);
    const parsed = PublishTipBodySchema.safeParse(body);
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
