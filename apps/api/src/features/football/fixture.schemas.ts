import {
  caseInsensitivePattern,
  documentedParameter,
  IdSchema,
  IsoDateTimeSchema,
  PageNumberSchema,
  pagedSchema,
  pageSizeSchema,
  splitQueryList,
  textInput,
} from '@tips/contract';
import { FIXTURE_STATUSES } from '@tips/contract/rules';
import { z } from 'zod';
import { COMPETITION_CODES } from './competition-catalogue';

// Kept in the module until packages/contract takes them (they will move there unchanged).

// IdSchema refuses ids past int4 (400): they cannot exist.
export const FixtureIdParamSchema = z.object({ id: IdSchema });

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `2025-05-01` (midnight UTC; as `to`, the end of that day) or an ISO date-time with offset. */
function queryInstant(name: string, endOfDay: boolean) {
  const message = `${name} must be a date (YYYY-MM-DD) or an ISO date-time`;
  const schema = z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return undefined;
      const isDate = DATE_ONLY.test(text);
      if (!isDate && !z.iso.datetime({ offset: true }).safeParse(text).success) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      const instant = new Date(isDate ? `${text}T00:00:00Z` : text);
      if (Number.isNaN(instant.getTime()) || (isDate && instant.toISOString().slice(0, 10) !== text)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return isDate && endOfDay ? new Date(instant.getTime() + 86_400_000) : instant;
    });
  return documentedParameter(schema, {
    schema: {
      anyOf: [
        { type: 'string', format: 'date' },
        { type: 'string', format: 'date-time' },
      ],
    },
    allowEmptyValue: true,
  });
}

const known = new Set(COMPETITION_CODES);

export const FixtureListQuerySchema = z.object({
  from: queryInstant('from', false),
  to: queryInstant('to', true),
  competition: documentedParameter(
    z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value, ctx) => {
        const codes = [...new Set(splitQueryList(value).map((code) => code.toLowerCase()))];
        const unknown = codes.filter((code) => !known.has(code));
        if (unknown.length > 0) {
          ctx.issues.push({
            code: 'custom',
            message: `competition: unknown code '${unknown[0]}' (known: ${COMPETITION_CODES.join(', ')})`,
            input: value,
          });
          return z.NEVER;
        }
        return codes;
      }),
    {
      // Codes are read in any letter case.
      schema: {
        type: 'array',
        items: { type: 'string', pattern: caseInsensitivePattern(COMPETITION_CODES) },
      },
      allowEmptyValue: true,
      commaJoined: true,
    },
  ),
  q: textInput().max(100, { error: 'q must be at most 100 characters' }).optional(),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type FixtureListQuery = z.infer<typeof FixtureListQuerySchema>;

const ScoreSchema = z.object({ home: z.int(), away: z.int() }).nullable();

export const FixtureSchema = z.object({
  id: z.int().positive(),
  competition: z.object({ code: z.string(), name: z.string() }),
  season: z.string(),
  round: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoffAt: IsoDateTimeSchema,
  status: z.enum(FIXTURE_STATUSES),
  // Null until the result is known (finished or awarded).
  score: z.object({ halfTime: ScoreSchema, fullTime: ScoreSchema }),
});
export type Fixture = z.infer<typeof FixtureSchema>;

export const FixturePageSchema = pagedSchema(FixtureSchema);

export const FixtureImportResultSchema = z.object({
  file: z.string(),
  competition: z.string(),
  season: z.string(),
  added: z.int().nonnegative(),
  updated: z.int().nonnegative(),
  unchanged: z.int().nonnegative(),
  skipped: z.array(
    z.object({
      match: z.object({ index: z.int(), homeTeam: z.string().nullable(), awayTeam: z.string().nullable() }),
      reason: z.string(),
    }),
  ),
});
export type FixtureImportResult = z.infer<typeof FixtureImportResultSchema>;
