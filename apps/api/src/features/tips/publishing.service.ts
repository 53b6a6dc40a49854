import {
  AI_PLANS,
  BACKOFFICE_MESSAGES,
  type BackofficeTip,
  bettingTypesOfMarket,
  fromCents,
  MARKET_PRICE_MESSAGES,
  MAX_PUBLISH_AHEAD_DAYS,
  maxOddsHundredths,
  oddsAboveMarketMessage,
  type PublishTipBody,
  priceCapCents,
  publishesFreeTipsOnly,
  type TipsterSummaryResponse,
  type TipsterTipPage,
  type TipsterTipsQuery,
  toCents,
} from '@tips/contract';
import type { AppServices } from '../../app-types';
import type { Db, Tx } from '../../db/client';
import { forbidden, notFound, unprocessable } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { limitOffset, toPage } from '../../lib/paging';
import { writeAudit } from '../audit/audit.repo';
import { findFixtureForTip } from '../football/fixture-lookup.repo';
import { toBackofficeTips } from './backoffice-tip-view';
import {
  allTimeStats,
  findTipsterOfUser,
  hasOpenTipInMarket,
  insertTip,
  listOwnTips,
  type TipRow,
  type TipsterRow,
  tipsterTotals,
} from './publishing.repo';
import { fairProbabilityPpm } from './reference-price';
import { profileImageUrl } from './tip-view';
import { findTipWithTipster } from './tip-view.repo';
import { NO_STATS, tipsterFigures } from './tipster-figures';

export interface TipsterPortalDeps {
  db: Db;
  clock: Clock;
  /** Runs after a commit that changed what the public catalogue shows; must not throw. */
  onCatalogueChanged: () => Promise<void>;
  /** Sends a new AI-model tip to the plan's subscribers, in the publishing transaction. */
  deliverAiTip: (tx: Tx, tip: TipRow) => Promise<unknown>;
  /**
   * Notifies the tipster's followers (bell and, by their settings, email), in the publishing
   * transaction: every publishing path (the portal and the AI models) goes through publishOnFixture.
   */
  alertFollowers: (tx: Tx, tip: TipRow) => Promise<unknown>;
  /** The market's prices: a tip is published at most at the best current price plus the tolerance. */
  marketPrices: Pick<AppServices['marketPrices'], 'bestCurrentPrice'>;
}

export type TipsterPortalService = ReturnType<typeof createTipsterPortalService>;

const DAY_MS = 86_400_000;

function planPriceCents(planId: number): number {
  return AI_PLANS.find((plan) => plan.id === planId)?.priceCents ?? 0;
}

/** AI-model tipsters publish into their plan (the high model's tips feed both subscriptions). */
const AI_PLAN_BY_CATEGORY: Partial<Record<TipsterRow['category'], number>> = {
  'Low AI Model': 1,
  'Medium AI Model': 2,
  'High AI Model': 3,
};

/** What an AI model's own publication adds: it has no user, and records its pick in the same transaction. */
export interface PublishOptions {
  /** The user publishing (audited); null for an AI model publishing its own pick. */
  actorUserId: number | null;
  /** Runs in the publishing transaction after the tip is inserted (an AI pick's provenance row). */
  afterInsert?: (tx: Tx, tip: TipRow) => Promise<void>;
}

/**
 * Publishes a tip on a fixture with the server's timestamp. League, teams and kick-off are the
 * fixture's, never the tipster's. Refused on a missing fixture (404), once the match has kicked
 * off or when it is not scheduled (422); from then on nothing about the tip can change except
 * its settlement (the database enforces it). Sales close at the kick-off, which follows the
 * fixture's when the feed moves it (decision 047, `followFixtureKickoff`). The one path for people
 * (the tipster portal) and the AI models (decision 071): delivery and settlement are the same.
 */
export async function publishOnFixture(
  deps: TipsterPortalDeps,
  tipster: TipsterRow,
  body: PublishTipBody,
  options: PublishOptions,
): Promise<number> {
  const { db, clock } = deps;
  const now = clock.now();
  const fixture = await findFixtureForTip(db, body.fixtureId);
  if (!fixture) throw notFound(BACKOFFICE_MESSAGES.fixtureNotFound);
  const eventTime = fixture.kickoffAt;
  if (eventTime.getTime() <= now.getTime()) throw unprocessable(BACKOFFICE_MESSAGES.kickoffPassed);
  if (fixture.status !== 'scheduled') throw unprocessable(BACKOFFICE_MESSAGES.fixtureNotScheduled);
  if (eventTime.getTime() > now.getTime() + MAX_PUBLISH_AHEAD_DAYS * DAY_MS) {
    throw unprocessable(BACKOFFICE_MESSAGES.kickoffTooFar);
  }
  const aiPlanId = AI_PLAN_BY_CATEGORY[tipster.category] ?? null;
  // A trial (Novice) tipster has no record buyers could judge yet: free tips only (decision 140).
  if (publishesFreeTipsOnly(tipster.category) && toCents(body.price) > 0) {
    throw unprocessable(BACKOFFICE_MESSAGES.trialTipsFreeOnly);
  }
  // Each tier asks at most its cap (decision 165): a price is earned by the record like the tier.
  const cap = priceCapCents(tipster.category);
  if (cap !== null && toCents(body.price) > cap) {
    throw unprocessable(
      tipster.category === 'PREMIUM'
        ? BACKOFFICE_MESSAGES.premiumPriceCap
        : BACKOFFICE_MESSAGES.seniorPriceCap,
    );
  }
  // Publishing takes the market's price (decision 150): odds above the best current price by more
  // than the tolerance, or a selection nobody prices now, are not a bet anyone could take.
  const reference = await deps.marketPrices.bestCurrentPrice(
    fixture.id,
    body.bettingType,
    body.selection,
    now,
  );
  if (!reference) throw unprocessable(MARKET_PRICE_MESSAGES.noMarketPrice);
  const oddsHundredths = toCents(body.odds);
  if (oddsHundredths > maxOddsHundredths(reference.oddsHundredths)) {
    throw unprocessable(
      oddsAboveMarketMessage(oddsHundredths, reference.oddsHundredths, reference.bookmaker),
    );
  }
  const tipId = await db.transaction(async (tx) => {
    // One pick per market: a second open tip on this match and market would repeat or hedge the
    // first (Home, Draw and Away together always "win"); decision 114.
    const market = {
      tipsterId: tipster.id,
      fixtureId: fixture.id,
      bettingTypes: bettingTypesOfMarket(body.bettingType),
    };
    if (await hasOpenTipInMarket(tx, market)) throw unprocessable(BACKOFFICE_MESSAGES.onePickPerMarket);
    const tip = await insertTip(tx, {
      tipsterId: tipster.id,
      tipsType: tipster.category,
      fixtureId: fixture.id,
      league: fixture.competitionName,
      homeTeam: fixture.homeTeam,
      awayTeam: fixture.awayTeam,
      eventTime,
      bettingType: body.bettingType,
      selection: body.selection,
      oddsHundredths,
      // The price snapshot, committed with the pick (tip:v3): when it was last read as offered.
      referenceOddsHundredths: reference.oddsHundredths,
      referenceBookmaker: reference.bookmaker,
      referenceSource: reference.source,
      referenceAt: reference.checkedAt,
      referenceFairPpm: fairProbabilityPpm(reference),
      // An AI model's tip is sold as its plan, at the plan's price.
      priceCents: aiPlanId === null ? toCents(body.price) : planPriceCents(aiPlanId),
      // An AI model stakes 1 unit on every pick: its tiers differ by confidence, not by stake.
      stake: aiPlanId === null ? body.stake : 1,
      currency: 'DOLLARS',
      reasoning: body.reasoning,
      aiPlanId,
      publishedAt: now,
    });
    await options.afterInsert?.(tx, tip);
    if (tip.aiPlanId !== null) await deps.deliverAiTip(tx, tip);
    // Followers hear of every tip, the AI models' included (one fan-out row; decision 085).
    await deps.alertFollowers(tx, tip);
    // The selection stays out of the audit row: the log is read by admins, but it outlives the sale.
    await writeAudit(tx, {
      actorUserId: options.actorUserId,
      action: 'tip.publish',
      entity: 'tip',
      entityId: tip.id,
      after: {
        tipsterId: tip.tipsterId,
        fixtureId: tip.fixtureId,
        match: `${tip.homeTeam} vs ${tip.awayTeam}`,
        eventTime: tip.eventTime.toISOString(),
        bettingType: tip.bettingType,
        odds: body.odds,
        stake: body.stake,
        price: body.price,
      },
      now,
    });
    return tip.id;
  });
  await deps.onCatalogueChanged();
  return tipId;
}

export function createTipsterPortalService(deps: TipsterPortalDeps) {
  const { db } = deps;
  const asOwner = (userId: number) => ({ userId, isAdmin: false });

  async function tipsterOf(userId: number): Promise<TipsterRow> {
    const tipster = await findTipsterOfUser(db, userId);
    if (!tipster) throw forbidden(BACKOFFICE_MESSAGES.noTipsterProfile);
    return tipster;
  }

  async function publishTip(userId: number, body: PublishTipBody): Promise<BackofficeTip> {
    const tipster = await tipsterOf(userId);
    const tipId = await publishOnFixture(deps, tipster, body, { actorUserId: userId });
    const row = await findTipWithTipster(db, tipId);
    if (!row) throw notFound();
    const [dto] = await toBackofficeTips(db, [row], asOwner(userId));
    return dto;
  }

  async function listTips(userId: number, query: TipsterTipsQuery): Promise<TipsterTipPage> {
    const tipster = await tipsterOf(userId);
    const { rows, total } = await listOwnTips(db, tipster.id, query.status, limitOffset(query));
    const dtos = await toBackofficeTips(db, rows, asOwner(userId));
    return toPage(
      dtos.map((dto, i) => ({
        ...dto,
        salesCount: rows[i].salesCount,
        earnings: fromCents(rows[i].earningsCents),
      })),
      total,
      query,
    );
  }

  async function summary(userId: number): Promise<TipsterSummaryResponse> {
    const tipster = await tipsterOf(userId);
    const [stats, totals] = await Promise.all([allTimeStats(db, tipster.id), tipsterTotals(db, tipster.id)]);
    const figures = tipsterFigures(stats ?? NO_STATS);
    return {
      tipster: {
        id: tipster.id,
        name: tipster.name,
        category: tipster.category,
        location: tipster.location,
        bio: tipster.bio,
        profileImageUrl: profileImageUrl(tipster.profileImage),
      },
      record: {
        totalTips: figures.totalTips,
        wins: figures.wins,
        losses: figures.losses,
        draws: figures.draws,
        hitRate: figures.hitRate,
        averageOdds: figures.averageOdds,
        unitsStaked: figures.unitsStaked,
        profit: figures.profit,
        yield: figures.yield,
      },
      tipsPublished: totals.tipsPublished,
      openTips: totals.openTips,
      salesCount: totals.salesCount,
      earnings: fromCents(totals.earningsCents),
    };
  }

  return { publishTip, listTips, summary };
}
