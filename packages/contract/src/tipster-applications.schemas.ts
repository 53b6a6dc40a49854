import { z } from 'zod';
import { BettingTypeCodeSchema } from './betting-types.schemas';
import { TipsterCategorySchema } from './categories.schemas';
import { MESSAGES } from './rules/errors';
import { textInput } from './text-input';

// Becoming a tipster (issue #28 part 1, decision 140): a verified member applies from the
// dashboard and is a trial (Novice) tipster at once.

export const TIPSTER_BIO_MIN = 20;

const required = (message: string, min: number, max: number) =>
  textInput({ error: message })
    .trim()
    .min(min, { error: message, abort: true })
    .max(max, { error: MESSAGES.fieldTooLong });

export const TipsterApplicationBodySchema = z.object({
  displayName: required(MESSAGES.tipsterDisplayNameRequired, 1, 80),
  bio: required(MESSAGES.tipsterBioRequired, TIPSTER_BIO_MIN, 5000),
  country: required(MESSAGES.countryRequired, 1, 100),
  // The markets (betting types) the tipster covers: at least one, each once.
  markets: z
    .array(BettingTypeCodeSchema, { error: MESSAGES.tipsterMarketsRequired })
    .min(1, { error: MESSAGES.tipsterMarketsRequired })
    .max(20, { error: MESSAGES.tipsterMarketsRequired })
    .transform((markets) => [...new Set(markets)].sort((a, b) => a - b)),
  acceptCharter: z.literal(true, { error: MESSAGES.mustAcceptCharter }),
});
export type TipsterApplicationBody = z.output<typeof TipsterApplicationBodySchema>;
export type TipsterApplicationInput = z.input<typeof TipsterApplicationBodySchema>;

export const TipsterApplicationSchema = z.object({
  tipsterId: z.int().positive(),
  displayName: z.string(),
  category: TipsterCategorySchema,
  country: z.string(),
  markets: z.array(z.int()),
  charterAcceptedAt: z.iso.datetime({ offset: true }),
});
export type TipsterApplication = z.infer<typeof TipsterApplicationSchema>;

export const TipsterApplicationResponseSchema = z.object({ data: TipsterApplicationSchema });
