import type { BackofficeTip } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { type TipWithTipster, toTipDto, type Viewer } from './tip-view';
import { ownedTipIds } from './tip-view.repo';

/**
 * The public tip plus what only the back office shows; the selection rule stays tip-view's.
 * `owned`: the tips among these the viewer has bought.
 */
export function toBackofficeTip(row: TipWithTipster, viewer: Viewer, owned: Set<number>): BackofficeTip {
  const { tip } = row;
  return {
    ...toTipDto(row, viewer, owned),
    league: tip.league,
    publishedAt: tip.publishedAt.toISOString(),
    settledAt: tip.settledAt ? tip.settledAt.toISOString() : null,
    stake: tip.stake,
  };
}

/** A page of back-office tips, looking up the viewer's purchases once. */
export async function toBackofficeTips(
  db: DbOrTx,
  rows: TipWithTipster[],
  viewer: Viewer,
): Promise<BackofficeTip[]> {
  const owned = await ownedTipIds(
    db,
    viewer,
    rows.map((r) => r.tip.id),
  );
  return rows.map((row) => toBackofficeTip(row, viewer, owned));
}
