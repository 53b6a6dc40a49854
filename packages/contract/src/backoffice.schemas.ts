import { z } from 'zod';
import { BACKOFFICE_MESSAGES } from './rules/backoffice';
import { MESSAGES } from './rules/errors';
import { textInput } from './text-input';
import { IsoDateTimeSchema, TipSchema } from './tips.schemas';

// The back office: the tipster portal (/api/tipster/*) and the admin API (/api/admin/*).
// Request schemas may transform (the API decodes them); response schemas must not.

/** A required explanation, stored in the audit log. */
// One chain, not a pipe: the OpenAPI document then shows the server's minimum (3), not the pipe's input.
export const AdminReasonSchema = textInput({ error: BACKOFFICE_MESSAGES.reasonRequired })
  .trim()
  .min(3, { error: BACKOFFICE_MESSAGES.reasonRequired, abort: true })
  .max(500, { error: MESSAGES.fieldTooLong });

// ---------------------------------------------------------------------------------------------
// Tips as the back office sees them: the public tip plus publication and settlement details.

export const BackofficeTipSchema = TipSchema.extend({
  league: z.string(),
  publishedAt: IsoDateTimeSchema,
  settledAt: IsoDateTimeSchema.nullable(),
  // Units, 1–10 (decision 075).
  stake: z.int().min(1).max(10),
});
export type BackofficeTip = z.infer<typeof BackofficeTipSchema>;

export const TipResultCodeSchema = z.enum(['WIN', 'LOSS', 'VOID'], {
  error: 'result must be WIN, LOSS or VOID',
});
export type TipResultCode = z.infer<typeof TipResultCodeSchema>;
