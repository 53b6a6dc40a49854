import {
  AI_PLANS,
  type AiTip,
  type AiTipsResponse,
  AiTipsResponseSchema,
  aiPlanSoldWith,
  CART_UNAVAILABLE_MESSAGES,
  type CartQuery,
  type CartResponse,
  type CartUnavailableReason,
  CHOICE_OUTSIDE_CART,
  categoryFilterToTipsterCategory,
  fromCents,
  offsetOf,
  type Paged,
  parseAiPlanChoices,
  type Tip,
  type TipListQuery,
  TipPageSchema,
  toCents,
  totalPages,
} from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { findCompetition } from '../football/competition-catalogue';
import { canSeeSelection, type TipWithTipster, tipSoldAsPlan, type Viewer } from '../tips/tip-view';
import { ownedTipIds, toTipDtos } from '../tips/tip-view.repo';
import type { CatalogueCache } from './catalogue-cache';
import { EncodedJson, encodeJson } from './encoded-json';
import { isAnonymous, overlayTips, type PublicTip, toPublicTip } from './public-tip';
import { dailyShuffleSeed } from './shuffle';
import {
  aiTipstersByCategory,
  findTipsByIds,
  listAiPlans,
  listOpenTips,
  modelEdgesOf,
  nextOpenAiTips,
  type OpenTipFilter,
  type OpenTipOrder,
  selectionsOf,
} from './tips-catalogue.repo';

export interface TipsCatalogueDeps {
  db: DbOrTx;
  clock: Clock;
  cache: CatalogueCache;
}

interface CachedTipPage extends Omit<Paged<Tip>, 'data'> {
  data: PublicTip[];
  /** The anonymous view (the page of each item's dto), encoded through TipPageSchema. */
  json: string;
}

/** An AI plan item as cached: the anonymous view and what the selection rule needs of its tip. */
interface CachedAiTip {
  dto: AiTip;
  facts: PublicTip['facts'] | null;
}

interface CachedAiTips {
  items: CachedAiTip[];
  /** The anonymous view, encoded through AiTipsResponseSchema. */
  json: string;
}

export type TipsCatalogueService = ReturnType<typeof createTipsCatalogueService>;

/** The recorded edge at the tip's odds, to 4 decimals; null when the pick has none recorded. */
function roundedEdge(edge: number | null | undefined): number | null {
  return edge === null || edge === undefined ? null : Math.round(edge * 10_000) / 10_000;
}

export function createTipsCatalogueService({ db, clock, cache }: TipsCatalogueDeps) {
  async function loadTipPage(query: TipListQuery, now: Date, seed: number): Promise<CachedTipPage> {
    const filter: OpenTipFilter = {
      now,
      tipsType: categoryFilterToTipsterCategory(query.category),
      bettingTypes: [...query.filters].sort((a, b) => a - b),
      minPriceCents: toCents(query.minPrice),
      maxPriceCents: toCents(query.maxPrice),
      kickOffFrom: query.kickOffFrom ? new Date(query.kickOffFrom) : null,
      kickOffTo: query.kickOffTo ? new Date(query.kickOffTo) : null,
      leagues: leaguesOf(query.competitions),
      minOddsHundredths: query.minOdds === undefined ? null : Math.round(query.minOdds * 100),
      maxOddsHundredths: query.maxOdds === undefined ? null : Math.round(query.maxOdds * 100),
    };
    const page = { limit: query.pageSize, offset: offsetOf(query.pageNumber, query.pageSize) };
    const order: OpenTipOrder = query.sort
      ? { by: query.sort }
      : query.random
        ? { by: 'shuffle', seed }
        : { by: 'kickoff' };
    const { totalItems, rows } = await listOpenTips(db, filter, order, page);
    const meta = {
      currentPage: query.pageNumber,
      pageSize: query.pageSize,
      totalItems,
      totalPages: totalPages(totalItems, query.pageSize),
    };
    const data = rows.map(toPublicTip);
    return { ...meta, data, json: encodeJson(TipPageSchema, { ...meta, data: data.map((t) => t.dto) }) };
  }

  async function loadAiTips(now: Date): Promise<CachedAiTips> {
    const items = await loadAiTipItems(now);
    return { items, json: encodeJson(AiTipsResponseSchema, { aiTips: items.map((i) => i.dto) }) };
  }

  async function loadAiTipItems(now: Date): Promise<CachedAiTip[]> {
    const [plans, openTips] = await Promise.all([listAiPlans(db), nextOpenAiTips(db, now)]);
    const byPlan = new Map(openTips.map((row) => [row.tip.aiPlanId, row]));
    // A plan without its own stream (the monthly plan) shows the tip of its model tier.
    const byTier = new Map<string, TipWithTipster>();
    for (const row of openTips) if (!byTier.has(row.tip.tipsType)) byTier.set(row.tip.tipsType, row);
    const rowFor = (plan: (typeof plans)[number]) => byPlan.get(plan.id) ?? byTier.get(plan.category) ?? null;
    const missing = plans.filter((plan) => rowFor(plan) === null).map((plan) => plan.category);
    const [models, edges] = await Promise.all([
      aiTipstersByCategory(db, [...new Set(missing)]),
      modelEdgesOf(
        db,
        openTips.map((row) => row.tip.id),
      ),
    ]);
    return plans.map((plan) => {
      const row = rowFor(plan);
      const isFree = plan.priceCents === 0;
      const base = {
        id: plan.id,
        planId: plan.id,
        category: plan.category,
        price: fromCents(plan.priceCents),
        isFree,
      };
      if (!row) {
        const dto: AiTip = {
          ...base,
          tipId: null,
          tipsterName: models.get(plan.category)?.name ?? plan.name,
          homeTeam: null,
          awayTeam: null,
          eventTime: null,
          selection: null,
          date: now.toISOString(),
          fixtureId: null,
          outcome: null,
          odds: null,
          modelEdge: null,
        };
        return { dto, facts: null };
      }
      const publicTip = toPublicTip(row);
      const dto: AiTip = {
        ...base,
        tipId: row.tip.id,
        tipsterName: row.tipster.name,
        homeTeam: row.tip.homeTeam,
        awayTeam: row.tip.awayTeam,
        eventTime: publicTip.dto.eventTime,
        selection: publicTip.dto.selection,
        date: publicTip.dto.eventTime,
        fixtureId: publicTip.dto.fixtureId,
        outcome: publicTip.dto.outcome,
        odds: publicTip.dto.odds,
        // The model's edge at the market's price it was published at (decision 150).
        modelEdge: roundedEdge(edges.get(row.tip.id)),
      };
      return { dto, facts: publicTip.facts };
    });
  }

  return {
    /**
     * GET /tips: today's open tips, paged, filtered; the anonymous page is cached, and sent to
     * anonymous callers as it was encoded.
     */
    async listTips(query: TipListQuery, viewer: Viewer): Promise<Paged<Tip> | EncodedJson> {
      // Before the cache: an unknown competition is the caller's mistake, said as one (400).
      leaguesOf(query.competitions);
      const now = clock.now();
      const seed = dailyShuffleSeed(now);
      const key = [
        'tips',
        query.category || 'all',
        query.pageNumber,
        query.pageSize,
        [...query.filters].sort((a, b) => a - b).join('.'),
        // The prices as asked: toCents (toPrecision) was a measurable share of a cache hit, and
        // two spellings of one amount in cents only cost one more entry.
        query.minPrice,
        query.maxPrice,
        query.random ? `r${seed}` : 'k',
        `${query.kickOffFrom ?? ''}~${query.kickOffTo ?? ''}`,
        [...query.competitions].sort().join('.'),
        `${query.minOdds ?? ''}~${query.maxOdds ?? ''}`,
        query.sort ?? '',
      ].join(':');
      const page = await cache.getOrLoad(key, () => loadTipPage(query, now, seed));
      if (isAnonymous(viewer)) return new EncodedJson(page.json);
      const { json: _anonymous, data, ...meta } = page;
      return { ...meta, data: await overlayTips(db, data, viewer) };
    },

    /** GET /tips/ai: one item per AI plan with its model's next match. */
    async aiTips(viewer: Viewer): Promise<AiTipsResponse | EncodedJson> {
      const now = clock.now();
      const { items, json } = await cache.getOrLoad('ai', () => loadAiTips(now));
      if (isAnonymous(viewer)) return new EncodedJson(json);
      return { aiTips: await overlayAiTips(db, items, viewer) };
    },

    /**
     * GET /tips/cart: the cart's tips that can be bought now, and the ids that cannot, with why.
     * Free tips are reported as unavailable: they need no purchase (their selection is public) and
     * POST /tips/buy refuses them. Owned and own tips likewise. Never cached: it is per caller.
     */
    async cart(query: CartQuery, viewer: Viewer): Promise<CartResponse> {
      const now = clock.now();
      const rows = await findTipsByIds(db, query.tipIds);
      const choices = cartQueryPlanChoices(query);
      const byId = new Map(rows.map((row) => [row.tip.id, soldAsChosen(row, choices.get(row.tip.id))]));
      const owned = await ownedTipIds(db, viewer, [...byId.keys()]);
      const available: TipWithTipster[] = [];
      const unavailable: CartResponse['unavailable'] = [];
      for (const id of query.tipIds) {
        const row = byId.get(id);
        const reason = row ? unavailableReason(row, viewer, owned.has(id), now) : 'NOT_FOUND';
        if (reason) unavailable.push({ id, reason, message: CART_UNAVAILABLE_MESSAGES[reason] });
        else if (row) available.push(row);
      }
      return {
        data: await toTipDtos(db, available, viewer),
        unavailableIds: unavailable.map((u) => u.id),
        unavailable,
      };
    },
  };
}

/** The league names tips carry for the competition codes asked for; 400 for a code nobody knows. */
function leaguesOf(codes: readonly string[]): string[] {
  return codes.map((code) => {
    const competition = findCompetition(code);
    if (!competition) throw badRequest(`competitions: unknown competition '${code}'`);
    return competition.name;
  });
}

/** The cart's `tipId:planId` pairs; 400 for a pair about a tip the cart does not list. */
function cartQueryPlanChoices(query: CartQuery): Map<number, number> {
  const choices = parseAiPlanChoices(query.plans ?? []);
  for (const tipId of choices.keys()) {
    if (!query.tipIds.includes(tipId)) throw badRequest(CHOICE_OUTSIDE_CART.message);
  }
  return choices;
}

/** A cart row under the plan the buyer chose (decision 190); 400 for a plan its model does not sell. */
function soldAsChosen(row: TipWithTipster, planId: number | undefined): TipWithTipster {
  if (planId === undefined || planId === row.tip.aiPlanId) return row;
  const plan = AI_PLANS.find((candidate) => candidate.id === planId);
  if (!plan || !aiPlanSoldWith(row.tip.aiPlanId, planId)) {
    throw badRequest(`plans: plan ${planId} is not sold with tip ${row.tip.id}`);
  }
  return tipSoldAsPlan(row, plan);
}

function unavailableReason(
  row: TipWithTipster,
  viewer: Viewer,
  isOwned: boolean,
  now: Date,
): CartUnavailableReason | null {
  if (row.tip.result !== null || row.tip.eventTime.getTime() <= now.getTime()) return 'SALES_CLOSED';
  if (row.tip.priceCents === 0) return 'FREE';
  if (isOwned) return 'OWNED';
  if (viewer.userId !== null && row.tipster.userId === viewer.userId) return 'OWN_TIP';
  return null;
}

async function overlayAiTips(db: DbOrTx, items: readonly CachedAiTip[], viewer: Viewer): Promise<AiTip[]> {
  if (isAnonymous(viewer)) return items.map((i) => i.dto);
  const tipIds = items.flatMap((i) => (i.dto.tipId === null ? [] : [i.dto.tipId]));
  const owned = await ownedTipIds(db, viewer, tipIds);
  const hidden = items.flatMap(({ dto, facts }) =>
    dto.tipId !== null &&
    facts &&
    dto.selection === null &&
    canSeeSelection(facts, viewer, owned.has(dto.tipId))
      ? [dto.tipId]
      : [],
  );
  const selections = await selectionsOf(db, hidden);
  return items.map(({ dto }) => ({
    ...dto,
    selection: (dto.tipId !== null ? selections.get(dto.tipId)?.selection : undefined) ?? dto.selection,
  }));
}
