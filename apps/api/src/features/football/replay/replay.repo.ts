import { eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { fixtures } from '../../../db/schema';

/** The latest real kick-off imported from openfootball: where the demo's history ends. */
export async function findHistoryEnd(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ last: max(fixtures.kickoffAt) })
    .from(fixtures)
    .where(eq(fixtures.source, 'openfootball'));
  return row?.last ?? null;
}
