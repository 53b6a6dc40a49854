import { z } from 'zod';

// Query strings arrive as strings (or arrays when a key repeats); typed clients may pass numbers
// and booleans. These helpers accept both so one schema serves the API and the web's params type.
// An empty value (`?pageSize=`) counts as absent, so the default applies.

function toNumberOrUndefined(value: string | number | undefined): number | undefined {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

interface QueryIntOptions {
  name: string;
  min: number;
  max: number;
  default: number;
}

export function queryInt(options: QueryIntOptions) {
  const message = `${options.name} must be a whole number from ${options.min} to ${options.max}`;
  return z
    .union([z.number(), z.string()])
    .optional()
    .transform(toNumberOrUndefined)
    .pipe(
      z
        .int({ error: message })
        .min(options.min, { error: message })
        .max(options.max, { error: message })
        .default(options.default),
    );
}

// Like queryInt but absent stays undefined.
export function queryOptionalInt(options: Omit<QueryIntOptions, 'default'>) {
  const message = `${options.name} must be a whole number from ${options.min} to ${options.max}`;
  return z
    .union([z.number(), z.string()])
    .optional()
    .transform(toNumberOrUndefined)
    .pipe(
      z
        .int({ error: message })
        .min(options.min, { error: message })
        .max(options.max, { error: message })
        .optional(),
    );
}

export function queryNumber(options: QueryIntOptions) {
  const message = `${options.name} must be a number from ${options.min} to ${options.max}`;
  return z
    .union([z.number(), z.string()])
    .optional()
    .transform(toNumberOrUndefined)
    .pipe(
      z
        .number({ error: message })
        .min(options.min, { error: message })
        .max(options.max, { error: message })
        .default(options.default),
    );
}

export function queryBoolean(name: string, defaultValue: boolean) {
  return z
    .union([z.boolean(), z.enum(['true', 'false', ''])], { error: `${name} must be true or false` })
    .optional()
    .transform((value) =>
      value === '' || value === undefined ? defaultValue : value === true || value === 'true',
    );
}

// `1,2,15` or repeated keys → trimmed, non-empty parts.
export function splitQueryList(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const joined = typeof value === 'string' ? value : value.join(',');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

interface QueryIntListOptions<T extends number> {
  name: string;
  maxItems: number;
  isValid: (value: number) => value is T;
  invalidMessage: (part: string) => string;
}

// Comma-joined integers (`filters=1,2,15`), each checked by `isValid`; duplicates collapse.
export function queryIntList<T extends number>(options: QueryIntListOptions<T>) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      const values = new Set<T>();
      for (const part of splitQueryList(value)) {
        const number = /^\d+$/.test(part) ? Number(part) : Number.NaN;
        if (!options.isValid(number)) {
          ctx.issues.push({ code: 'custom', message: options.invalidMessage(part), input: value });
          return z.NEVER;
        }
        values.add(number);
      }
      if (values.size > options.maxItems) {
        ctx.issues.push({
          code: 'custom',
          message: `${options.name} may list at most ${options.maxItems} values`,
          input: value,
        });
        return z.NEVER;
      }
      return [...values];
    });
}
