import { z } from 'zod';
import { ERROR_CODES } from './rules/errors';

export const ErrorCodeSchema = z.enum(ERROR_CODES);

// `code` is a plain string so that a client built against an older contract still parses a newer code.
export const ErrorBodySchema = z.object({
  code: z.string(),
  errors: z.array(z.string()),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

// SPEC §4/§8: a failed purchase shows the first message of the errors list.
export function firstErrorMessage(body: unknown, fallback: string): string {
  const parsed = ErrorBodySchema.safeParse(body);
  return parsed.success && parsed.data.errors.length > 0 ? parsed.data.errors[0] : fallback;
}
