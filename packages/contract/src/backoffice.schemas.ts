import { z } from 'zod';
import { text } from './backoffice-fields';
import { BACKOFFICE_MESSAGES } from './rules/backoffice';
import { IsoDateTimeSchema, TipSchema } from './tips.schemas';

// The back office: the tipster portal (/api/tipster/*) and the admin API (/api/admin/*).
// Request schemas may transform (the API decodes them); response schemas must not.

/** A required explanation, stored in the audit log. */
export const AdminReasonSchema = text(500, BACKOFFICE_MESSAGES.reasonRequired).pipe(
  z.string().min(3, { error: BACKOFFICE_MESSAGES.reasonRequired }),
);

// ---------------------------------------------------------------------------------------------
// Tips as the back office sees them: the public tip plus publication and settlement details.

export const BackofficeTipSchema = TipSchema.extend({
  league: z.string(),
  reasoning: z.string(),
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
