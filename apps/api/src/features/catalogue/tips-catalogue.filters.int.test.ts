import type { ErrorBody, TipPage } from '@tips/contract';
import { RANKING_MIN_SETTLED } from '@tips/contract/rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tipsterStats } from '../../db/schema';
import { createTip, createTipster } from '../../db/seed/factories';
import { freshCatalogue, get, getOk } from './catalogue.test-support';

// Issue #30.1: what a punter filters and sorts the tip list by beside the SPEC's filters —
// competition, odds range, and an order by kick-off, price or the tipster's proven record.

const NOW = new Date('2025-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

let t: TestApp;
const tip: Record<string, Awaited<ReturnType<typeof createTip>>> = {};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const db = t.database.db;
  const proven = await createTipster(db, { name: 'Proven Pia', category: 'SENIOR' });
  const modest = await createTipster(db, { name: 'Modest Mo', category: 'SENIOR' });
  const losing = await createTipster(db, { name: 'Losing Lou', category: 'PREMIUM' });
  const newcomer = await createTipster(db, { name: 'New Nia', category: 'PREMIUM' });
  // The rankings' measure (all time): Pia +12.5 units and Lou −4 over the minimum sample; Mo +20
  // over one tip short of it; Nia has no settled tip.
  const record = (tipsterId: number, profitMilli: number, totalTips: number = RANKING_MIN_SETTLED.all) => ({
    tipsterId,
    period: 'all' as const,
    periodStart: '1970-01-01',
    category: 'SENIOR' as const,
    totalTips,
    profitMilli,
  });
  await db
    .insert(tipsterStats)
    .values([
      record(proven.id, 12_500),
      record(modest.id, 20_000, RANKING_MIN_SETTLED.all - 1),
      record(losing.id, -4_000),
    ]);
  const open = (tipsterId: number, hours: number, extra: Partial<Parameters<typeof createTip>[1]>) =>
    createTip(db, { tipsterId, now: NOW, eventTime: at(hours), ...extra });
  tip.bundesligaLow = await open(losing.id, 1, {
    league: 'Bundesliga',
    oddsHundredths: 150,
    priceCents: 900,
  });
  tip.eredivisie = await open(proven.id, 2, { league: 'Eredivisie', oddsHundredths: 210, priceCents: 4900 });
  tip.premier = await open(newcomer.id, 3, {
    league: 'English Premier League',
    oddsHundredths: 300,
    priceCents: 500,
  });
  tip.bundesligaHigh = await open(modest.id, 4, {
    league: 'Bundesliga',
    oddsHundredths: 720,
    priceCents: 2500,
  });
  tip.eredivisieLate = await open(losing.id, 5, {
    league: 'Eredivisie',
    oddsHundredths: 199,
    priceCents: 2500,
  });
});

afterAll(() => t.close());

beforeEach(async () => {
  t.clock.set(NOW);
  await freshCatalogue(t);
});

const ids = async (query: string) => (await getOk<TipPage>(t, `/api/tips?${query}`)).data.map((d) => d.id);

describe('GET /api/tips: competition and odds filters', () => {
  it('lists only the competitions asked for, by the code each tip carries', async () => {
    expect(await ids('competitions=de.1')).toEqual([tip.bundesligaLow.id, tip.bundesligaHigh.id]);
    const two = await getOk<TipPage>(t, '/api/tips?competitions=nl.1,DE.1');
    expect(two.data.map((d) => d.id)).toEqual([
      tip.bundesligaLow.id,
      tip.eredivisie.id,
      tip.bundesligaHigh.id,
      tip.eredivisieLate.id,
    ]);
    expect(two.totalItems).toBe(4);
    expect(new Set(two.data.map((d) => d.competitionCode))).toEqual(new Set(['de.1', 'nl.1']));
    // Repeated keys read like a comma-joined list.
    expect(await ids('competitions=en.1&competitions=nl.1')).toEqual([
      tip.eredivisie.id,
      tip.premier.id,
      tip.eredivisieLate.id,
    ]);
  });

  it('lists an odds range, both ends included, and combines it with the other filters', async () => {
    expect(await ids('minOdds=2&maxOdds=3')).toEqual([tip.eredivisie.id, tip.premier.id]);
    expect(await ids('minOdds=1.99')).toEqual([
      tip.eredivisie.id,
      tip.premier.id,
      tip.bundesligaHigh.id,
      tip.eredivisieLate.id,
    ]);
    expect(await ids('maxOdds=1.5')).toEqual([tip.bundesligaLow.id]);
    const combined = await getOk<TipPage>(t, '/api/tips?competitions=nl.1&minOdds=2&maxPrice=30');
    expect(combined.data.map((d) => d.id)).toEqual([]);
    expect(combined.totalItems).toBe(0);
    expect(await ids('competitions=nl.1&maxOdds=2.5&maxPrice=30')).toEqual([tip.eredivisieLate.id]);
  });

  it.each([
    ['competitions=xx.9', "competitions: unknown competition 'xx.9'"],
    ['competitions=de.1;drop', "competitions: 'de.1;drop' is not a competition code"],
    ['minOdds=1', 'minOdds must be a number from 1.01 to 1000'],
    ['maxOdds=abc', 'maxOdds must be a number from 1.01 to 1000'],
    ['minOdds=3&maxOdds=2', 'minOdds must not exceed maxOdds'],
    ['sort=cheapest', 'sort must be one of: kickoff, priceAsc, priceDesc, record'],
    ['sort=priceAsc&random=true', 'random and sort cannot be combined'],
  ])('answers 400 with the reason to %s', async (query, message) => {
    const response = await get(t, `/api/tips?${query}`);
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).errors).toContain(message);
  });
});

describe('GET /api/tips: sort', () => {
  it('sorts by kick-off by default and when asked', async () => {
    const byKickOff = [
      tip.bundesligaLow.id,
      tip.eredivisie.id,
      tip.premier.id,
      tip.bundesligaHigh.id,
      tip.eredivisieLate.id,
    ];
    expect(await ids('')).toEqual(byKickOff);
    expect(await ids('sort=kickoff')).toEqual(byKickOff);
  });

  it('sorts by price either way, equal prices by kick-off', async () => {
    expect(await ids('sort=priceAsc')).toEqual([
      tip.premier.id,
      tip.bundesligaLow.id,
      tip.bundesligaHigh.id,
      tip.eredivisieLate.id,
      tip.eredivisie.id,
    ]);
    expect(await ids('sort=priceDesc')).toEqual([
      tip.eredivisie.id,
      tip.bundesligaHigh.id,
      tip.eredivisieLate.id,
      tip.bundesligaLow.id,
      tip.premier.id,
    ]);
  });

  it('sorts as the rankings do: proven tipsters by profit in units, then the unproven, then no record', async () => {
    expect(await ids('sort=record')).toEqual([
      tip.eredivisie.id, // +12.5 units
      tip.bundesligaLow.id, // −4, earlier kick-off first
      tip.eredivisieLate.id, // −4
      tip.bundesligaHigh.id, // +20, but one settled tip short of the minimum sample
      tip.premier.id, // no settled tips yet
    ]);
  });

  it('pages a sorted, filtered list without repeating or skipping a tip', async () => {
    const pages = [];
    for (const pageNumber of [1, 2, 3]) {
      const page = await getOk<TipPage>(
        t,
        `/api/tips?sort=record&minOdds=1.5&pageSize=2&pageNumber=${pageNumber}`,
      );
      expect(page.totalItems).toBe(5);
      pages.push(...page.data.map((d) => d.id));
    }
    expect(pages).toEqual(await ids('sort=record'));
  });
});
