import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver';

const Schema = z.object({ name: z.string().min(1, 'Name is required') });
type Values = z.infer<typeof Schema>;
const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('reports what the schema refuses, and passes what it accepts, once loaded', async () => {
    const { resolver } = lazyZodResolver<Values>(async () => Schema);
    const refused = await resolver({ name: '' }, undefined, resolverOptions);
    expect(refused.errors.name?.message).toBe('Name is required');
    const accepted = await resolver({ name: 'Ana' }, undefined, resolverOptions);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ name: 'Ana' });
  });

  it('loads the schema once, and again after a failed load (a network blip is not for good)', async () => {
    let loads = 0;
    const { resolver, warm } = lazyZodResolver<Values>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return Schema;
    });
    warm();
    await expect(resolver({ name: '' }, undefined, resolverOptions)).rejects.toThrow('Failed to fetch');
    const retried = await resolver({ name: '' }, undefined, resolverOptions);
    expect(retried.errors.name?.message).toBe('Name is required');
    await resolver({ name: 'Ana' }, undefined, resolverOptions);
    expect(loads).toBe(2);
  });
});
