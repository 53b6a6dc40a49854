import { z } from 'zod';

// GET /api/ai-model: how the AI tiers are made and how they did, every figure measured (issue #17).

const MetricsSchema = z.object({
  n: z.int().nonnegative(),
  // Shares from 0 to 1.
  accuracy: z.number(),
  rps: z.number(),
  logLoss: z.number(),
  brier: z.number(),
});

export const CalibrationBandSchema = z.object({
  from: z.number(),
  to: z.number(),
  n: z.int().nonnegative(),
  meanForecast: z.number(),
  observed: z.number(),
});
export type CalibrationBand = z.infer<typeof CalibrationBandSchema>;

export const AiTierFiguresSchema = z.object({
  category: z.enum(['Low AI Model', 'Medium AI Model', 'High AI Model']),
  tipsterId: z.int().nullable(),
  // The plan's advertised win rate, in percent (the target the threshold was chosen for).
  advertisedRate: z.number(),
  // The model's probability a pick must reach (0–1).
  threshold: z.number().nullable(),
  // The backtest's daily picks: decided = hits + misses; hitRate in percent, null without a decided pick.
  backtest: z.object({
    picks: z.int().nonnegative(),
    decided: z.int().nonnegative(),
    hits: z.int().nonnegative(),
    hitRate: z.number().nullable(),
    averageOdds: z.number().nullable(),
  }),
  // Settled picks the model published itself (since its first pick; the demo's history included).
  live: z.object({
    decided: z.int().nonnegative(),
    wins: z.int().nonnegative(),
    hitRate: z.number().nullable(),
    since: z.string().nullable(),
  }),
});
export type AiTierFigures = z.infer<typeof AiTierFiguresSchema>;

export const AiModelFiguresSchema = z.object({
  backtest: MetricsSchema.extend({
    from: z.string(),
    to: z.string(),
    seasons: z.array(z.string()),
    competitions: z.array(z.string()),
    calibration: z.array(CalibrationBandSchema),
    baselines: z.object({ poisson: MetricsSchema, baseRates: MetricsSchema }),
  }),
  tiers: z.array(AiTierFiguresSchema),
  // The latest fits: when, on how many matches, how many countries; null before the first fit.
  latestFit: z
    .object({ fittedAt: z.string(), dataCutoff: z.string(), countries: z.int(), matches: z.int() })
    .nullable(),
});
export type AiModelFigures = z.infer<typeof AiModelFiguresSchema>;
