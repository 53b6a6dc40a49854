import {
  aiPlanSummary,
  type BettingTypeCode,
  bettingTypeName,
  fromCents,
  type ReferenceOdds,
  type Tip,
  type TipOutcome,
} from '@tips/contract';
import type { TipRow, TipsterRow } from '../../db/rows';
import { competitionCodeOfName } from '../football/competition-catalogue';

/**
 * The tips domain's public surface for every channel that shows a tip (catalogue, cart, buyer
 * lists, back office): the DTO and the paid-content rule. Queries are in tip-view.repo.ts.
 */

/** Who is looking. The selection rule depends on nothing else. */
export interface Viewer {
  userId: number | null;
  isAdmin: boolean;
}

export const ANONYMOUS: Viewer = { userId: null, isAdmin: false };

export function viewerOf(user: { id: number; roles: readonly string[] } | null | undefined): Viewer {
  return user ? { userId: user.id, isAdmin: user.roles.includes('admin') } : ANONYMOUS;
}

/** Tipster images are stored as file names and served by GET /api/users/profile-images/{file}. */
export function profileImageUrl(file: string | null): string | null {
  return file ? `/api/users/profile-images/${encodeURIComponent(file)}` : null;
}

export type { TipRow } from '../../db/rows';

/**
 * The tip columns a tip's DTO is built from (toTipDto): lists read only these, not the whole row
 * (the commitment, salts, audit times and margins are the record's, not the card's).
 */
export const TIP_VIEW_FIELDS = [
  'id',
  'tipsType',
  'fixtureId',
  'league',
  'homeTeam',
  'awayTeam',
  'eventTime',
  'bettingType',
  'selection',
  'reasoning',
  'oddsHundredths',
  'priceCents',
  'currency',
  'aiPlanId',
  'result',
  'outcome',
  'resultDetails',
  'closingStatus',
  'closingOddsHundredths',
  'closingPriceAt',
  'clvPpm',
  'referenceOddsHundredths',
  'referenceBookmaker',
  'referenceSource',
  'referenceAt',
] as const satisfies ReadonlyArray<keyof TipRow>;

export type TipViewFields = Pick<TipRow, (typeof TIP_VIEW_FIELDS)[number]>;

/** What a tip's DTO needs: its view columns and the tipster it shows. */
export interface TipViewRow {
  tip: TipViewFields;
  tipster: TipWithTipster['tipster'];
}

export interface TipWithTipster {
  tip: TipRow;
  tipster: {
    id: number;
    name: string;
    category: TipsterRow['category'];
    profileImage: string | null;
    lastResults: boolean[];
    userId: number | null;
  };
}

/** What the selection rule reads of a tip: any TipWithTipster is one (caches keep just these). */
export interface SelectionFacts {
  tip: Pick<TipRow, 'priceCents' | 'result'>;
  tipster: Pick<TipWithTipster['tipster'], 'userId'>;
}

/**
 * The one selection rule (ARCHITECTURE "API conventions"): shown only to its buyer, its tipster,
 * an admin, or when the tip is free or finalized. Every channel that renders a tip goes through it.
 */
export function canSeeSelection(row: SelectionFacts, viewer: Viewer, isOwned: boolean): boolean {
  return (
    isOwned ||
    viewer.isAdmin ||
    (viewer.userId !== null && row.tipster.userId === viewer.userId) ||
    row.tip.priceCents === 0 ||
    row.tip.result !== null
  );
}

const RESULT_LABEL = { WIN: 'Win', LOSS: 'Loss', VOID: 'Void' } as const;

/**
 * How a settled tip's bet settled (WIN, HALF_WIN, VOID, HALF_LOSS, LOSS), null while it is open.
 * Settled rows always carry one (a CHECK pairs it with the result); the result stands in otherwise.
 */
export function outcomeOf(tip: Pick<TipRow, 'result' | 'outcome'>): TipOutcome | null {
  if (tip.result === null) return null;
  return tip.outcome ?? tip.result;
}

/** What a tip row says of its closing (decision 155), for every DTO that shows a tip. */
export type ClosingColumns = Pick<
  TipRow,
  'closingStatus' | 'closingOddsHundredths' | 'closingPriceAt' | 'clvPpm'
>;

/** A tip's closing odds, CLV (a fraction) and whether its market had no closing price. */
export function closingFieldsOf(tip: ClosingColumns): Pick<Tip, 'closingOdds' | 'clv' | 'noClosingPrice'> {
  const closed = tip.closingStatus === 'closed' && tip.closingOddsHundredths !== null && tip.closingPriceAt;
  return {
    closingOdds: closed
      ? { odds: (tip.closingOddsHundredths as number) / 100, at: (tip.closingPriceAt as Date).toISOString() }
      : null,
    clv: closed && tip.clvPpm !== null ? tip.clvPpm / 1_000_000 : null,
    noClosingPrice: tip.closingStatus === 'no_price',
  };
}

/** What a tip keeps of the market's price at publication (decision 150). */
export type ReferenceColumns = Pick<
  TipRow,
  'referenceOddsHundredths' | 'referenceBookmaker' | 'referenceSource' | 'referenceAt'
>;

/** The tip's reference price as the API shows it; null for history published before prices were checked. */
export function referenceOddsOf(tip: ReferenceColumns): ReferenceOdds | null {
  if (tip.referenceOddsHundredths === null || tip.referenceAt === null) return null;
  return {
    odds: tip.referenceOddsHundredths / 100,
    bookmaker: tip.referenceBookmaker ?? '',
    source: tip.referenceSource ?? '',
    at: tip.referenceAt.toISOString(),
  };
}

export function toTipDto(row: TipViewRow, viewer: Viewer, owned: Set<number>): Tip {
  const { tip, tipster } = row;
  const isOwned = owned.has(tip.id);
  // The analysis is paid content: one decision for the selection and the reasoning (decision 141).
  const visible = canSeeSelection(row, viewer, isOwned);
  return {
    id: tip.id,
    tipsType: tip.tipsType,
    eventTime: tip.eventTime.toISOString(),
    eventName: tip.league,
    competitionCode: competitionCodeOfName(tip.league),
    homeTeam: tip.homeTeam,
    awayTeam: tip.awayTeam,
    bettingType: tip.bettingType as BettingTypeCode,
    bettingTypeName: bettingTypeName(tip.bettingType),
    selection: visible ? tip.selection : null,
    reasoning: visible ? tip.reasoning : null,
    odds: tip.oddsHundredths / 100,
    // One selection's price at a moment points at the selection: shown with it (decision 150).
    referenceOdds: visible ? referenceOddsOf(tip) : null,
    oddsVerified: tip.referenceOddsHundredths !== null,
    price: fromCents(tip.priceCents),
    isFree: tip.priceCents === 0,
    isFinalized: tip.result !== null,
    isWin: tip.result === null || tip.result === 'VOID' ? null : tip.result === 'WIN',
    result: tip.result ? RESULT_LABEL[tip.result] : null,
    // Null while open, so it reveals nothing about a hidden selection.
    outcome: outcomeOf(tip),
    resultDetails: tip.result ? tip.resultDetails : null,
    fixtureId: tip.fixtureId,
    currency: tip.currency,
    isOwned,
    tipster: {
      id: tipster.id,
      name: tipster.name,
      category: tipster.category,
      profileImageUrl: profileImageUrl(tipster.profileImage),
      results: tipster.lastResults,
    },
    ...closingFieldsOf(tip),
    plan: aiPlanSummary(tip.aiPlanId),
  };
}

/** The plan a cart line is sold under, when the buyer chose another than the tip's own. */
export interface SoldPlan {
  id: number;
  priceCents: number;
}

/**
 * A tip as sold under `plan` (decision 190): the monthly AI plan is sold with the high model's
 * current pick, published for the weekly plan, so the line carries the chosen plan and its price.
 * Callers have checked the choice with `aiPlanSoldWith`.
 */
export function tipSoldAsPlan<T extends { tip: Pick<TipRow, 'aiPlanId' | 'priceCents'> }>(
  line: T,
  plan: SoldPlan,
): T {
  return { ...line, tip: { ...line.tip, aiPlanId: plan.id, priceCents: plan.priceCents } };
}
