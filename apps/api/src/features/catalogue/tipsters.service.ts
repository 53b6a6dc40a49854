import {
  type BettingTypeCode,
  bettingTypeName,
  type ClvFigures,
  categoryFilterToTipsterCategory,
  MESSAGES,
  milliToUnits,
  offsetOf,
  type Paged,
  type RankedTipster,
  RecordPageSchema,
  type RecordsQuery,
  type TipRecord,
  type Tipster,
  type TipsterListQuery,
  TipsterPageSchema,
  type TipsterProfile,
  TipsterProfileSchema,
  tipProfitMilli,
  totalPages,
} from '@tips/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { closingFieldsOf, profileImageUrl, referenceOddsOf, type Viewer } from '../tips/tip-view';
import { tipsterFigures } from '../tips/tipster-figures';
import type { CatalogueCache } from './catalogue-cache';
import { EncodedJson, encodeJson } from './encoded-json';
import { profileUnits } from './profile-units';
import { isAnonymous, overlayTips, type PublicTip, toPublicTip } from './public-tip';
import { dailyShuffleSeed } from './shuffle';
import { MAX_DB_ID } from './tips-catalogue.repo';
import { findTipsterRecord, monthStatsOf } from './tipster-record-figures.repo';
import {
  activeTipsOf,
  clvFiguresOf,
  countRecords,
  countTipsters,
  findTipster,
  followedTipsterIds,
  listRecords,
  listTipsters,
  type RecordRow,
  type TipsterRow,
  tipsterExists,
} from './tipsters.repo';

export interface TipstersDeps {
  db: DbOrTx;
  clock: Clock;
  cache: CatalogueCache;
}

interface CachedProfile {
  profile: Omit<TipsterProfile, 'activeTips'>;
  activeTips: PublicTip[];
  /** The anonymous view, encoded through TipsterProfileSchema. */
  json: string;
}

interface CachedTipsterPage extends Paged<RankedTipster> {
  /** The anonymous view (nothing followed), encoded through TipsterPageSchema. */
  json: string;
}

const RESULT_LABEL = { WIN: 'Win', LOSS: 'Loss', VOID: 'Void' } as const;

export function toTipsterDto(row: TipsterRow): Tipster {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    location: row.location,
    bio: row.bio,
    profileImageUrl: profileImageUrl(row.profileImage),
    results: row.lastResults,
    totalWins: row.wins,
    totalLosses: row.losses,
    isFollowed: false,
  };
}

/** A list's tipster, with the figures the list is ranked by (decision 160). */
export function toRankedTipsterDto(row: TipsterRow): RankedTipster {
  return { ...toTipsterDto(row), profit: milliToUnits(row.profitMilli), settledTips: row.totalTips };
}

function toRecordDto(row: RecordRow): TipRecord {
  // Records are settled tips: the selection and the analysis are public (the rule's "finalized" case).
  const result = row.result ?? 'VOID';
  return {
    id: row.id,
    eventTime: row.eventTime.toISOString(),
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    bettingType: row.bettingType as BettingTypeCode,
    bettingTypeName: bettingTypeName(row.bettingType),
    selection: row.selection,
    reasoning: row.reasoning,
    odds: row.oddsHundredths / 100,
    referenceOdds: referenceOddsOf(row),
    result: RESULT_LABEL[result],
    isWin: result === 'VOID' ? null : result === 'WIN',
    outcome: row.outcome ?? result,
    resultDetails: row.resultDetails,
    fixtureId: row.fixtureId,
    stake: row.stake,
    profit: milliToUnits(tipProfitMilli(row.oddsHundredths, row.stake, row.outcome ?? result)),
    ...closingFieldsOf(row),
  };
}

/** The profile's CLV figures from the sums (fractions, 4 decimals of the average kept). */
export function clvFigures(sums: { sample: number; clvPpmSum: number; beatClose: number }): ClvFigures {
  if (sums.sample === 0) return { average: null, beatCloseRate: null, sample: 0 };
  return {
    average: Math.round(sums.clvPpmSum / sums.sample) / 1_000_000,
    beatCloseRate: Math.round((sums.beatClose / sums.sample) * 10_000) / 10_000,
    sample: sums.sample,
  };
}

/** The same instant `months` calendar months earlier (UTC), clamped to the month's last day. */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const since = new Date(now);
  since.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return since;
}

function assertTipsterId(id: number): void {
  // Ids beyond int4 cannot exist; checking here keeps them away from the database.
  if (id > MAX_DB_ID) throw notFound(MESSAGES.tipsterNotFound);
}

export type TipstersService = ReturnType<typeof createTipstersService>;

export function createTipstersService({ db, clock, cache }: TipstersDeps) {
  async function withFollowed<T extends { id: number; isFollowed: boolean }>(
    items: T[],
    viewer: Viewer,
  ): Promise<T[]> {
    if (viewer.userId === null || items.length === 0) return items;
    const followed = await followedTipsterIds(
      db,
      viewer.userId,
      items.map((item) => item.id),
    );
    return items.map((item) => ({ ...item, isFollowed: followed.has(item.id) }));
  }

  async function loadProfile(id: number, now: Date): Promise<CachedProfile | null> {
    const [row, active, record, months, clv] = await Promise.all([
      findTipster(db, id),
      activeTipsOf(db, id, now),
      findTipsterRecord(db, id),
      monthStatsOf(db, id),
      clvFiguresOf(db, id),
    ]);
    if (!row) return null;
    const profile = {
      ...toTipsterDto(row),
      ...tipsterFigures(row),
      ...profileUnits(record, months),
      clv: clvFigures(clv),
    };
    const activeTips = active.map(toPublicTip);
    const json = encodeJson(TipsterProfileSchema, { ...profile, activeTips: activeTips.map((t) => t.dto) });
    return { profile, activeTips, json };
  }

  return {
    /**
     * GET /tipsters: tipsters ranked by proven profit (decision 160) or shuffled, with their last
     * results, all-time record and the figures they are ranked by.
     */
    async listTipsters(query: TipsterListQuery, viewer: Viewer): Promise<Paged<RankedTipster> | EncodedJson> {
      const now = clock.now();
      const seed = dailyShuffleSeed(now);
      const category = categoryFilterToTipsterCategory(query.category);
      const key = [
        'tipsters',
        category ?? 'all',
        query.pageNumber,
        query.pageSize,
        query.random ? `r${seed}` : 'rank',
      ].join(':');
      const cached = await cache.getOrLoad(key, async (): Promise<CachedTipsterPage> => {
        const limits = { limit: query.pageSize, offset: offsetOf(query.pageNumber, query.pageSize) };
        const order = query.random ? ({ by: 'shuffle', seed } as const) : ({ by: 'rank' } as const);
        const [totalItems, rows] = await Promise.all([
          countTipsters(db, category),
          listTipsters(db, category, order, limits),
        ]);
        const loaded = {
          currentPage: query.pageNumber,
          pageSize: query.pageSize,
          totalItems,
          totalPages: totalPages(totalItems, query.pageSize),
          data: rows.map(toRankedTipsterDto),
        };
        return { ...loaded, json: encodeJson(TipsterPageSchema, loaded) };
      });
      if (isAnonymous(viewer)) return new EncodedJson(cached.json);
      const { json: _anonymous, ...page } = cached;
      return { ...page, data: await withFollowed(page.data, viewer) };
    },

    /** GET /tipsters/profile/{id}: the tipster, their figures and active tips. */
    async profile(id: number, viewer: Viewer): Promise<TipsterProfile | EncodedJson> {
      assertTipsterId(id);
      const now = clock.now();
      // A missing tipster is cached as null too: unknown ids cost one lookup per TTL.
      const cached = await cache.getOrLoad(`profile:${id}`, () => loadProfile(id, now));
      if (!cached) throw notFound(MESSAGES.tipsterNotFound);
      if (isAnonymous(viewer)) return new EncodedJson(cached.json);
      const [profile] = await withFollowed([cached.profile], viewer);
      const activeTips = await overlayTips(db, cached.activeTips, viewer);
      return { ...profile, activeTips };
    },

    /**
     * GET /tipsters/records/{id}: settled tips, newest first, by month window and betting type.
     * Settled selections are public, so the page is the same for everyone: it is cached encoded.
     */
    async records(id: number, query: RecordsQuery): Promise<EncodedJson> {
      assertTipsterId(id);
      const now = clock.now();
      const key = ['records', id, query.pageNumber, query.pageSize, query.bettingType ?? 0, query.month].join(
        ':',
      );
      const json = await cache.getOrLoad(key, async () => {
        if (!(await tipsterExists(db, id))) return null;
        const filter = {
          tipsterId: id,
          bettingType: query.bettingType,
          since: query.month > 0 ? monthsBefore(now, query.month) : undefined,
        };
        const [totalItems, rows] = await Promise.all([
          countRecords(db, filter),
          listRecords(db, filter, {
            limit: query.pageSize,
            offset: offsetOf(query.pageNumber, query.pageSize),
          }),
        ]);
        return encodeJson(RecordPageSchema, {
          currentPage: query.pageNumber,
          pageSize: query.pageSize,
          totalItems,
          totalPages: totalPages(totalItems, query.pageSize),
          data: rows.map(toRecordDto),
        });
      });
      if (json === null) throw notFound(MESSAGES.tipsterNotFound);
      return new EncodedJson(json);
    },
  };
}
