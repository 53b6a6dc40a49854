import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './index';
import {
  CartQuerySchema,
  RecordsQuerySchema,
  type Tip,
  TipIdCartSchema,
  TipListQuerySchema,
  TipPageSchema,
  TipSchema,
} from './tips.schemas';

const messagesOf = (result: { error?: z.ZodError }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('TipListQuerySchema', () => {
  it('applies the SPEC defaults', () => {
    expect(TipListQuerySchema.parse({})).toEqual({
      category: '',
      pageNumber: 1,
      pageSize: 10,
      filters: [],
      minPrice: 0,
      maxPrice: 10000,
      random: false,
      competitions: [],
    });
  });

  it('parses a today-tips query string', () => {
    const query = TipListQuerySchema.parse({
      category: 'Premium',
      pageNumber: '2',
      pageSize: '5',
      filters: '1, 113,14,1',
      minPrice: '50',
      maxPrice: '5000',
      random: 'true',
    });
    expect(query).toEqual({
      category: 'premium',
      pageNumber: 2,
      pageSize: 5,
      filters: [1, 113, 14],
      minPrice: 50,
      maxPrice: 5000,
      random: true,
      competitions: [],
    });
  });

  it('treats empty values as absent', () => {
    const query = TipListQuerySchema.parse({
      category: '',
      filters: '',
      minPrice: '',
      maxPrice: '',
      random: '',
    });
    expect(query).toMatchObject({ category: '', filters: [], minPrice: 0, maxPrice: 10000, random: false });
  });

  it('accepts repeated filter keys', () => {
    expect(TipListQuerySchema.parse({ filters: ['1', '2,3'] }).filters).toEqual([1, 2, 3]);
  });

  it('names an unknown betting type', () => {
    expect(messagesOf(TipListQuerySchema.safeParse({ filters: '1,9' }))).toEqual([
      "filters: unknown betting type '9'",
    ]);
    expect(TipListQuerySchema.safeParse({ filters: '1,abc' }).success).toBe(false);
    expect(TipListQuerySchema.safeParse({ filters: '-1' }).success).toBe(false);
  });

  it('rejects minPrice above maxPrice', () => {
    expect(messagesOf(TipListQuerySchema.safeParse({ minPrice: '60', maxPrice: '50' }))).toEqual([
      MESSAGES.minPriceExceedsMax,
    ]);
    expect(TipListQuerySchema.safeParse({ minPrice: '50', maxPrice: '50' }).success).toBe(true);
  });

  it.each([
    { minPrice: '-1' },
    { maxPrice: 'lots' },
    { pageSize: '51' },
    { pageNumber: '0' },
    { category: 'gold' },
    { random: 'yes' },
  ])('rejects %o', (query) => {
    expect(TipListQuerySchema.safeParse(query).success).toBe(false);
  });

  it.each(['all', 'other', 'senior', 'SENIOR', ''])('accepts category %s', (category) => {
    expect(TipListQuerySchema.safeParse({ category }).success).toBe(true);
  });
});

describe('CartQuerySchema', () => {
  it('parses and de-duplicates ids', () => {
    expect(CartQuerySchema.parse({ tipIds: '3,1,3' })).toEqual({ tipIds: [3, 1], plans: [] });
    expect(CartQuerySchema.parse({})).toEqual({ tipIds: [], plans: [] });
  });

  it('reads plan choices as tipId:planId pairs and refuses anything else', () => {
    expect(CartQuerySchema.parse({ tipIds: '3,1', plans: '3:4' })).toEqual({
      tipIds: [3, 1],
      plans: ['3:4'],
    });
    for (const plans of ['3', '3:', ':4', '3:4:5', '0:4', '3:0', 'a:b']) {
      expect(CartQuerySchema.safeParse({ tipIds: '3', plans }).success).toBe(false);
    }
  });

  it('rejects non-ids and more than 50', () => {
    expect(CartQuerySchema.safeParse({ tipIds: '1,0' }).success).toBe(false);
    expect(CartQuerySchema.safeParse({ tipIds: '1,x' }).success).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect(CartQuerySchema.safeParse({ tipIds: many }).success).toBe(false);
  });
});

describe('TipIdCartSchema', () => {
  it('accepts 1 to 50 unique positive ids', () => {
    expect(TipIdCartSchema.parse({ cart: [1, 2] })).toEqual({ cart: [1, 2] });
  });

  it.each([
    [{ cart: [] }, MESSAGES.cartEmpty],
    [{}, MESSAGES.cartEmpty],
    [{ cart: [1, 1] }, MESSAGES.cartDuplicate],
    [{ cart: Array.from({ length: 51 }, (_, i) => i + 1) }, MESSAGES.cartTooLarge],
  ])('rejects %o with its message', (body, message) => {
    expect(messagesOf(TipIdCartSchema.safeParse(body))).toEqual([message]);
  });

  it('names a plan for a line of the cart, one per tip, a known plan only', () => {
    const ok = { cart: [1, 2], plans: [{ tipId: 2, planId: 4 }] };
    expect(TipIdCartSchema.parse(ok)).toEqual(ok);
    expect(TipIdCartSchema.safeParse({ cart: [1], plans: [{ tipId: 2, planId: 4 }] }).success).toBe(false);
    expect(TipIdCartSchema.safeParse({ cart: [1], plans: [{ tipId: 1, planId: 9 }] }).success).toBe(false);
    const twice = {
      cart: [1],
      plans: [
        { tipId: 1, planId: 3 },
        { tipId: 1, planId: 4 },
      ],
    };
    expect(TipIdCartSchema.safeParse(twice).success).toBe(false);
  });

  it('rejects ids that are not positive integers', () => {
    expect(TipIdCartSchema.safeParse({ cart: [0] }).success).toBe(false);
    expect(TipIdCartSchema.safeParse({ cart: ['1'] }).success).toBe(false);
  });
});

describe('RecordsQuerySchema', () => {
  it('defaults to page 1, size 5, all months', () => {
    expect(RecordsQuerySchema.parse({})).toEqual({ pageNumber: 1, pageSize: 5, month: 0 });
  });

  it('parses the filters', () => {
    expect(RecordsQuerySchema.parse({ bettingType: '14', month: '6' })).toMatchObject({
      bettingType: 14,
      month: 6,
    });
    expect(RecordsQuerySchema.parse({ bettingType: '0' }).bettingType).toBeUndefined();
    expect(RecordsQuerySchema.parse({ bettingType: '' }).bettingType).toBeUndefined();
  });

  it.each([{ month: '7' }, { month: '-1' }, { month: '1.5' }, { bettingType: '9' }])(
    'rejects %o',
    (query) => {
      expect(RecordsQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});

describe('TipPageSchema', () => {
  const tip: Tip = {
    id: 1,
    tipsType: 'SENIOR',
    eventTime: '2025-05-01T18:00:00.000Z',
    eventName: 'Premier League',
    homeTeam: 'Home',
    awayTeam: 'Away',
    bettingType: 1,
    bettingTypeName: 'Asian Handicap F.T',
    selection: null,
    reasoning: null,
    odds: 1.95,
    referenceOdds: null,
    oddsVerified: true,
    price: 12.5,
    isFree: false,
    isFinalized: false,
    closingOdds: null,
    clv: null,
    noClosingPrice: false,
    isWin: null,
    result: null,
    outcome: null,
    resultDetails: null,
    fixtureId: 42,
    currency: 'DOLLARS',
    isOwned: false,
    tipster: { id: 2, name: 'Tipster', category: 'SENIOR', profileImageUrl: null, results: [true, false] },
  };

  it('encodes a reply and strips fields the caller may not see', () => {
    const page = {
      currentPage: 1,
      pageSize: 10,
      totalItems: 1,
      totalPages: 1,
      data: [{ ...tip, cost: 1250 }],
    };
    expect(z.encode(TipPageSchema, page)).toEqual({ ...page, data: [tip] });
  });

  it('carries the fixture and the outcome, null for older tips and while open', () => {
    const settled = {
      ...tip,
      fixtureId: null,
      isFinalized: true,
      result: 'Win',
      isWin: true,
      outcome: 'HALF_WIN',
    };
    expect(TipSchema.safeParse(settled).success).toBe(true);
    expect(TipSchema.safeParse({ ...tip, outcome: 'PUSH' }).success).toBe(false);
    const { fixtureId: _f, ...withoutFixture } = tip;
    expect(TipSchema.safeParse(withoutFixture).success).toBe(false);
  });
});
