import { readFileSync } from 'node:fs';
import { TipListQuerySchema, toCents } from '@tips/contract';
import { describe, expect, it } from 'vitest';
import { OPEN_TIP_HOURS_MAX_PRICE_CENTS } from '../../db/schema';

// Decision 187: the total takes whole hours from open_tip_hours only for the list's default price
// ceiling. The migration's triggers write that ceiling out; were the contract's default to move
// without a migration, visitors would see a total that counts tips the list does not show.
describe('the hourly open-tip counts', () => {
  it("stop at the tip list's default price ceiling, in the migration's triggers too", () => {
    const defaultCeiling = toCents(TipListQuerySchema.parse({}).maxPrice);
    expect(OPEN_TIP_HOURS_MAX_PRICE_CENTS).toBe(defaultCeiling);
    const migration = readFileSync(
      new URL('../../db/migrations/0027_open_tip_hours.sql', import.meta.url),
      'utf8',
    );
    const ceilings = [...migration.matchAll(/price_cents <= (\d+)/gi)].map((m) => Number(m[1]));
    expect(ceilings.length).toBeGreaterThan(0);
    expect(new Set(ceilings)).toEqual(new Set([defaultCeiling]));
  });
});
