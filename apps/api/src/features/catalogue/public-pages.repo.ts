import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tipsters } from '../../db/schema';

/** What crawlers are told about tipsters: every public profile, by id and name (sitemap, page head). */
export interface PublicTipsterPage {
  id: number;
  name: string;
}

export async function listPublicTipsterPages(db: DbOrTx): Promise<PublicTipsterPage[]> {
  return db.select({ id: tipsters.id, name: tipsters.name }).from(tipsters).orderBy(asc(tipsters.id));
}

export async function findPublicTipsterPage(db: DbOrTx, id: number): Promise<PublicTipsterPage | null> {
  const [row] = await db
    .select({ id: tipsters.id, name: tipsters.name })
    .from(tipsters)
    .where(eq(tipsters.id, id));
  return row ?? null;
}
