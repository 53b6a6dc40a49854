import { type BackofficeTip, offsetOf, type Paged, totalPages } from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { type TipWithTipster, toTipDtos, type Viewer } from '../tips/tip-view';

/** The public tip plus what only the back office shows; the selection rule stays tip-view's. */
export async function toBackofficeTips(
  db: DbOrTx,
  rows: TipWithTipster[],
  viewer: Viewer,
): Promise<BackofficeTip[]> {
  const dtos = await toTipDtos(db, rows, viewer);
  return dtos.map((dto, i) => {
    const { tip } = rows[i];
    return {
      ...dto,
      league: tip.league,
      reasoning: tip.reasoning,
      publishedAt: tip.publishedAt.toISOString(),
      settledAt: tip.settledAt ? tip.settledAt.toISOString() : null,
    };
  });
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
