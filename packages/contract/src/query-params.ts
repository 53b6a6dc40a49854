import { z } from 'zod';

/**
 * What the OpenAPI document says about a parameter the server coerces from the URL (issue #32,
 * decision 121). Its zod schema is written for the server: a union with string, then a transform,
 * then the real checks, which a JSON Schema of the input side reduces to "number or any string".
 * Each helper below records here, from the same options that build the check, the parameter as it
 * travels in the URL (type, minimum, maximum, enum, pattern); apps/api's OpenAPI plugin writes that
 * instead.
 */
export interface ParameterDoc {
  /** JSON Schema of the value once a validator has read the URL (numbers as numbers). */
  schema: Record<string, unknown>;
  /** The server takes `?name=` as absent (the default applies). */
  allowEmptyValue?: boolean;
  /** A list the server reads comma-joined (`1,2,15`): OpenAPI's form style without explode. */
  commaJoined?: boolean;
}

export const parameterDocs = new WeakMap<z.ZodType, ParameterDoc>();

/** `schema`, with what the OpenAPI document says about it as a parameter. */
export function documentedParameter<T extends z.ZodType>(schema: T, doc: ParameterDoc): T {
  parameterDocs.set(schema, doc);
  return schema;
}

/**
 * A JSON Schema pattern for one of `words` in any letter case, spaces around allowed: what a
 * `.trim().toLowerCase().pipe(z.enum(words))` schema accepts (JSON Schema patterns take no flags).
 */
export function caseInsensitivePattern(words: readonly string[]): string {
  const either = (char: string) =>
    char.toLowerCase() === char.toUpperCase()
      ? char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      : `[${char.toLowerCase()}${char.toUpperCase()}]`;
  return `^\\s*(?:${words.map((word) => [...word].map(either).join('')).join('|')})\\s*$`;
}

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
  const schema = z
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
  const { min: minimum, max: maximum, default: byDefault } = options;
  return documentedParameter(schema, {
    schema: { type: 'integer', minimum, maximum, default: byDefault },
    allowEmptyValue: true,
  });
}

// Like queryInt but absent stays undefined.
export function queryOptionalInt(options: Omit<QueryIntOptions, 'default'>) {
  const message = `${options.name} must be a whole number from ${options.min} to ${options.max}`;
  const schema = z
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
  return documentedParameter(schema, {
    schema: { type: 'integer', minimum: options.min, maximum: options.max },
    allowEmptyValue: true,
  });
}

export function queryNumber(options: QueryIntOptions) {
  const message = `${options.name} must be a number from ${options.min} to ${options.max}`;
  const schema = z
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
  const { min: minimum, max: maximum, default: byDefault } = options;
  return documentedParameter(schema, {
    schema: { type: 'number', minimum, maximum, default: byDefault },
    allowEmptyValue: true,
  });
}

export function queryBoolean(name: string, defaultValue: boolean) {
  const schema = z
    .union([z.boolean(), z.enum(['true', 'false', ''])], { error: `${name} must be true or false` })
    .optional()
    .transform((value) =>
      value === '' || value === undefined ? defaultValue : value === true || value === 'true',
    );
  return documentedParameter(schema, {
    schema: { type: 'boolean', default: defaultValue },
    allowEmptyValue: true,
  });
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
  /** JSON Schema of one value, saying what `isValid` accepts (for the OpenAPI document). */
  item: { minimum: number; maximum: number } | { enum: readonly T[] };
}

// Comma-joined integers (`filters=1,2,15`), each checked by `isValid`; duplicates collapse.
export function queryIntList<T extends number>(options: QueryIntListOptions<T>) {
  const schema = z
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
  return documentedParameter(schema, {
    schema: { type: 'array', items: { type: 'integer', ...options.item }, maxItems: options.maxItems },
    allowEmptyValue: true,
    commaJoined: true,
  });
}

interface QueryCodeListOptions {
  name: string;
  maxItems: number;
  /** What one code looks like (checked before the server looks it up). */
  pattern: RegExp;
  /** What a code is called in the message for a malformed one. */
  noun?: string;
}

// Comma-joined codes (`competitions=de.1,en.1`), lower-cased; duplicates collapse.
export function queryCodeList(options: QueryCodeListOptions) {
  const schema = z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      const values = new Set<string>();
      for (const part of splitQueryList(value)) {
        const code = part.toLowerCase();
        if (!options.pattern.test(code)) {
          ctx.issues.push({
            code: 'custom',
            message: `${options.name}: '${part.slice(0, 40)}' is not a ${options.noun ?? 'competition code'}`,
            input: value,
          });
          return z.NEVER;
        }
        values.add(code);
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
  return documentedParameter(schema, {
    schema: {
      type: 'array',
      items: { type: 'string', pattern: options.pattern.source },
      maxItems: options.maxItems,
    },
    allowEmptyValue: true,
    commaJoined: true,
  });
}

// Like queryNumber but absent stays undefined.
export function queryOptionalNumber(options: Omit<QueryIntOptions, 'default'>) {
  const message = `${options.name} must be a number from ${options.min} to ${options.max}`;
  const schema = z
    .union([z.number(), z.string()])
    .optional()
    .transform(toNumberOrUndefined)
    .pipe(
      z
        .number({ error: message })
        .min(options.min, { error: message })
        .max(options.max, { error: message })
        .optional(),
    );
  return documentedParameter(schema, {
    schema: { type: 'number', minimum: options.min, maximum: options.max },
    allowEmptyValue: true,
  });
}

// One of `values`; absent (or empty) stays undefined.
export function queryOptionalEnum<T extends string>(name: string, values: readonly [T, ...T[]]) {
  const message = `${name} must be one of: ${values.join(', ')}`;
  const schema = z
    .string({ error: message })
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .pipe(z.enum(values, { error: message }).optional());
  return documentedParameter(schema, {
    schema: { type: 'string', enum: [...values] },
    allowEmptyValue: true,
  });
}
