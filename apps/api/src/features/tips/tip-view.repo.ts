import type { Tip } from '@tips/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entitlements, tips, tipsters } from '../../db/schema';
import { TIP_VIEW_FIELDS, type TipWithTipster, toTipDto, type Viewer } from './tip-view';

/** The reads behind tip-view.ts, public to the domains that list tips. */

/** What a tip card shows of its tipster. */
const tipsterViewColumns = {
  id: tipsters.id,
  name: tipsters.name,
  category: tipsters.category,
  profileImage: tipsters.profileImage,
  lastResults: tipsters.lastResults,
  userId: tipsters.userId,
};

/** The columns every tip listing selects: the tip and the tipster it shows. */
export const tipWithTipsterColumns = { tip: tips, tipster: tipsterViewColumns };

type TipViewColumns = { [K in (typeof TIP_VIEW_FIELDS)[number]]: (typeof tips)[K] };

/** Only what a tip's DTO is built from (a TipViewRow): for the busy public lists. */
export const tipViewColumns = {
  tip: Object.fromEntries(TIP_VIEW_FIELDS.map((field) => [field, tips[field]])) as TipViewColumns,
  tipster: tipsterViewColumns,
};

/** One tip with the tipster it shows (publishing and settlement both answer with it). */
export async function findTipWithTipster(db: DbOrTx, tipId: number): Promise<TipWithTipster | undefined> {
  const [row] = await db
    .select(tipWithTipsterColumns)
    .from(tips)
    .innerJoin(tipsters, eq(tipsters.id, tips.tipsterId))
    .where(eq(tips.id, tipId))
    .limit(1);
  return row;
}

/** The tips among `tipIds` the viewer has bought (one query, whatever the page size). */
export async function ownedTipIds(db: DbOrTx, viewer: Viewer, tipIds: number[]): Promise<Set<number>> {
  if (viewer.userId === null || tipIds.length === 0) return new Set();
  const rows = await db
    .select({ tipId: entitlements.tipId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, viewer.userId), inArray(entitlements.tipId, tipIds)));
  return new Set(rows.map((r) => r.tipId));
}

/** Maps a page of rows, looking up the viewer's purchases once. */
export async function toTipDtos(db: DbOrTx, rows: TipWithTipster[], viewer: Viewer): Promise<Tip[]> {
  const owned = await ownedTipIds(
    db,
    viewer,
    rows.map((r) => r.tip.id),
  );
  return rows.map((r) => toTipDto(r, viewer, owned));
}
