import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging.schemas';
import { RECORD_FORMAT } from './record/record-export';

/** GET /api/tipsters/{id}/record: JSON by default, CSV with ?format=csv or Accept: text/csv. */
export const RecordExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
});
export type RecordExportQuery = z.infer<typeof RecordExportQuerySchema>;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * Loose on purpose: the export shows whatever the database holds, even a tampered row (a hash that
 * is not hex, an unknown outcome), and the verifier says what is wrong with it; a strict schema
 * would turn tampering into a 500 that hides it.
 */
export const RecordEventSchema = z.object({
  seq: z.int(),
  kind: z.string(),
  tipId: z.int().positive(),
  occurredAt: z.string(),
  fixtureId: z.int().nullable(),
  bettingType: z.int().nullable(),
  oddsHundredths: z.int().nullable(),
  stake: z.int().nullable(),
  priceCents: z.int().nullable(),
  commitment: z.string().nullable(),
  selection: z.string().nullable(),
  reasoning: z.string().nullable().optional(),
  // The reference price (decision 150), revealed with the selection; absent in older exports.
  reference: z
    .object({ oddsHundredths: z.int(), bookmaker: z.string(), source: z.string(), at: z.string() })
    .nullable()
    .optional(),
  salt: z.string().nullable(),
  outcome: z.string().nullable(),
  resultDetails: z.string().nullable(),
  // Closed events only (decision 156).
  closingOddsHundredths: z.int().nullable().optional(),
  closingAt: z.string().nullable().optional(),
  closingOverroundPpm: z.int().nullable().optional(),
  clvPpm: z.int().nullable().optional(),
  prevHash: z.string(),
  hash: z.string(),
});

export const RecordExportSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  tipster: z.object({ id: z.int().positive(), name: z.string() }),
  exportedAt: z.string(),
  head: z.object({ seq: z.int(), hash: z.string() }).nullable(),
  events: z.array(RecordEventSchema),
});

/** One day's Merkle root over every chain's head (GET /api/records/anchors). */
export const RecordAnchorSchema = z.object({
  day: z.string(),
  root: hex64,
  chains: z.int().min(0),
  events: z.int().min(0),
  createdAt: z.string(),
});
export type RecordAnchor = z.infer<typeof RecordAnchorSchema>;

export const RecordAnchorsQuerySchema = pageQuerySchema(30);
export type RecordAnchorsQuery = z.infer<typeof RecordAnchorsQuerySchema>;
export const RecordAnchorPageSchema = pagedSchema(RecordAnchorSchema);
export type RecordAnchorPage = z.infer<typeof RecordAnchorPageSchema>;
