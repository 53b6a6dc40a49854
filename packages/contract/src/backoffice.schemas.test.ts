import { describe, expect, it } from 'vitest';
import {
  AdjustCreditsBodySchema,
  BACKOFFICE_MESSAGES,
  CorrectTipBodySchema,
  normalizeSelection,
  PublishTipBodySchema,
  SettleTipBodySchema,
} from './index';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('normalizeSelection', () => {
  it.each([
    [1, 'home -0.5', 'Home -0.5'],
    [1, '  Away   +1 ', 'Away +1'],
    [1, 'Home 0', 'Home 0'],
    [5, 'AWAY +0.5', 'Away +0.5'],
    [2, 'over 2.5', 'Over 2.5'],
    [8, 'Under 1', 'Under 1'],
    [1, 'home -0.25', 'Home -0.25'],
    [1, 'Away +1.75', 'Away +1.75'],
    [1, 'Home -0', 'Home 0'],
    [1, 'Home +0', 'Home 0'],
    [1, 'Home -1.0', 'Home -1'],
    [1, 'Away -3.5', 'Away -3.5'],
    [5, 'home +3.25', 'Home +3.25'],
    [2, 'over 2.75', 'Over 2.75'],
    [2, 'Under 0.5', 'Under 0.5'],
    [2, 'Over 6.5', 'Over 6.5'],
    [8, 'under 1.25', 'Under 1.25'],
    [2, 'Over 3.0', 'Over 3'],
    [14, 'away +2', 'Away +2'],
    [14, 'Home 0', 'Home 0'],
    [3, 'draw', 'Draw'],
    [6, 'Home', 'Home'],
    [4, '2 - 1', '2-1'],
    [7, '0-0', '0-0'],
    [14, 'home -1', 'Home -1'],
    [15, 'even', 'Even'],
    [113, 'away', 'Away'],
  ])('type %i: %j → %j', (type, raw, expected) => {
    expect(normalizeSelection(type, raw)).toBe(expected);
  });

  it.each([
    [1, 'Home -0.3'],
    [1, 'Home -3.75'],
    [1, 'Away +4'],
    [1, 'Home 1'],
    [1, 'Over 1'],
    [1, 'Home'],
    [2, 'Over 0.25'],
    [2, 'Over 6.75'],
    [2, 'Over +2.5'],
    [2, 'Under 2.6'],
    [14, 'Home -1.25'],
    [2, 'Over'],
    [2, 'Home 2.5'],
    [3, 'Home win'],
    [4, '2:1'],
    [14, 'Home -0.5'],
    [15, 'odd number'],
    [113, 'Draw'],
    [99, 'Home'],
  ])('type %i refuses %j', (type, raw) => {
    expect(normalizeSelection(type, raw)).toBeNull();
  });
});

describe('PublishTipBodySchema', () => {
  const body = {
    fixtureId: 7,
    bettingType: 2,
    selection: 'over 2.5',
    odds: 1.9,
    price: 12.5,
  };

  it('canonicalises the selection and defaults the reasoning', () => {
    expect(PublishTipBodySchema.parse(body)).toMatchObject({
      selection: 'Over 2.5',
      price: 12.5,
      reasoning: '',
    });
  });

  it('makes a free tip cost 0 whatever the price says', () => {
    expect(PublishTipBodySchema.parse({ ...body, price: 20, free: true }).price).toBe(0);
    expect(PublishTipBodySchema.parse({ ...body, price: undefined, free: true }).price).toBe(0);
  });

  it('ignores a match sent in the body: the fixture is the only source of it', () => {
    const parsed = PublishTipBodySchema.parse({
      ...body,
      league: 'Serie A',
      homeTeam: 'Lazio',
      awayTeam: 'Roma',
      eventTime: '2025-06-01T18:45:00.000Z',
    });
    expect(parsed).toMatchObject({ fixtureId: 7 });
    expect(parsed).not.toHaveProperty('homeTeam');
    expect(parsed).not.toHaveProperty('eventTime');
  });

  it.each([undefined, 0, -1, 1.5, '7', 2_147_483_648])('refuses the fixture id %j', (fixtureId) => {
    expect(messagesOf(PublishTipBodySchema.safeParse({ ...body, fixtureId }))).toContain(
      BACKOFFICE_MESSAGES.fixtureRequired,
    );
  });

  it('accepts a quarter line and spells it canonically', () => {
    expect(PublishTipBodySchema.parse({ ...body, selection: 'under 2.75' }).selection).toBe('Under 2.75');
  });

  it('reports every problem with its message', () => {
    const result = PublishTipBodySchema.safeParse({
      ...body,
      selection: 'Home',
      price: undefined,
    });
    expect(messagesOf(result)).toEqual(
      expect.arrayContaining([BACKOFFICE_MESSAGES.selectionInvalid, BACKOFFICE_MESSAGES.priceRequired]),
    );
  });
});

describe('settlement bodies', () => {
  it('need a result with details, or a score', () => {
    expect(SettleTipBodySchema.safeParse({ result: 'WIN', resultDetails: 'FT 1-0' }).success).toBe(true);
    expect(SettleTipBodySchema.safeParse({ score: { home: 1, away: 0, htHome: 0, htAway: 0 } }).success).toBe(
      true,
    );
    expect(messagesOf(SettleTipBodySchema.safeParse({ result: 'WIN' }))).toEqual([
      BACKOFFICE_MESSAGES.resultDetailsRequired,
    ]);
    expect(messagesOf(SettleTipBodySchema.safeParse({}))).toEqual([
      BACKOFFICE_MESSAGES.resultOrScoreRequired,
    ]);
  });

  it('a correction needs a reason', () => {
    const result = CorrectTipBodySchema.safeParse({ result: 'LOSS', resultDetails: 'FT 0-1' });
    expect(messagesOf(result)).toContain(BACKOFFICE_MESSAGES.reasonRequired);
  });
});

describe('AdjustCreditsBodySchema', () => {
  it.each([0, 0.001, 1_000_001, Number.NaN])('refuses %d', (amount) => {
    expect(AdjustCreditsBodySchema.safeParse({ amount, reason: 'test' }).success).toBe(false);
  });

  it('accepts signed amounts with two decimals', () => {
    expect(AdjustCreditsBodySchema.parse({ amount: -12.34, reason: 'test' }).amount).toBe(-12.34);
  });
});
