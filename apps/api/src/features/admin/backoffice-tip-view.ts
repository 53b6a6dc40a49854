import { type BackofficeTip, offsetOf, type Paged, totalPages } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { ownedTipIds, type TipWithTipster, toTipDto, type Viewer } from '../tips/tip-view';

/**
 * The public tip plus what only the back office shows; the selection rule stays tip-view's.
 * `owned`: the tips among these the viewer has bought.
 */
export function toBackofficeTip(row: TipWithTipster, viewer: Viewer, owned: Set<number>): BackofficeTip {
  const { tip } = row;
  return {
    ...toTipDto(row, viewer, owned),
    league: tip.league,
    reasoning: tip.reasoning,
    publishedAt: tip.publishedAt.toISOString(),
    settledAt: tip.settledAt ? tip.settledAt.toISOString() : null,
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

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

export function limitOffset(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: offsetOf(page.pageNumber, page.pageSize) };
}

export function toPage<T>(data: T[], totalItems: number, page: PageRequest): Paged<T> {
  return {
    currentPage: page.pageNumber,
    pageSize: page.pageSize,
    totalItems,
    totalPages: totalPages(totalItems, page.pageSize),
    data,
  };
}

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
