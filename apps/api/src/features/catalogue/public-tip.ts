import type { Tip } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import {
  ANONYMOUS,
  canSeeSelection,
  referenceOddsOf,
  type SelectionFacts,
  type TipViewRow,
  toTipDto,
  type Viewer,
} from '../tips/tip-view';
import { ownedTipIds } from '../tips/tip-view.repo';
import { selectionsOf } from './tips-catalogue.repo';

/**
 * A tip as the public catalogue caches it: the anonymous view (selection and analysis only when
 * free or finalized) and the few facts the selection rule reads. Paid content never enters the
 * cache; a caller entitled to it gets it from the database by id (see overlayTips).
 */
export interface PublicTip {
  dto: Tip;
  facts: { tip: SelectionFacts['tip']; tipster: SelectionFacts['tipster'] };
}

export function toPublicTip(row: TipViewRow): PublicTip {
  return {
    dto: toTipDto(row, ANONYMOUS, new Set()),
    facts: {
      tip: { priceCents: row.tip.priceCents, result: row.tip.result },
      tipster: { userId: row.tipster.userId },
    },
  };
}

export function isAnonymous(viewer: Viewer): boolean {
  return viewer.userId === null && !viewer.isAdmin;
}

/**
 * The caller's view of cached tips: isOwned from their purchases and, through the one selection
 * rule (canSeeSelection), the selections and analyses they may see. Anonymous callers cost no query.
 */
export async function overlayTips(db: DbOrTx, items: readonly PublicTip[], viewer: Viewer): Promise<Tip[]> {
  if (isAnonymous(viewer) || items.length === 0) return items.map((item) => item.dto);
  const owned = await ownedTipIds(
    db,
    viewer,
    items.map((item) => item.dto.id),
  );
  const hidden = items
    .filter(
      (item) => item.dto.selection === null && canSeeSelection(item.facts, viewer, owned.has(item.dto.id)),
    )
    .map((item) => item.dto.id);
  const selections = await selectionsOf(db, hidden);
  return items.map(({ dto }) => {
    const paid = selections.get(dto.id);
    return {
      ...dto,
      isOwned: owned.has(dto.id),
      selection: paid?.selection ?? dto.selection,
      reasoning: paid?.reasoning ?? dto.reasoning,
      referenceOdds: paid ? referenceOddsOf(paid) : dto.referenceOdds,
    };
  });
}
