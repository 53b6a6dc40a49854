import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a zod schema that loads zod, the schema and the zod resolver when
 * the form first validates (or when `warm` is called, e.g. on the form's first focus) instead of
 * with the page. zod is the sign-in page's largest script; none of it is needed to paint the
 * form, only to check what is typed into it (decision 193). A failed load is tried again on the
 * next validation.
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<ZodType<Values, FieldValues>>,
): { resolver: Resolver<Values>; warm: () => void } {
  let loading: Promise<Resolver<Values>> | null = null;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')])
      .then(([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<Values>)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    warm: () => {
      load().catch(() => undefined);
    },
  };
}
