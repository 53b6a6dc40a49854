import { describe, expect, it } from 'vitest';
import {
  AI_PLANS,
  aiImageIndex,
  aiProfileImagePath,
  BETTING_TYPES,
  BettingTypeCodeSchema,
  BUY_CREDITS_METHODS,
  BuyCreditsBodySchema,
  bettingTypeName,
  CATEGORY_PAGES,
  CREDIT_REQUEST_METHODS,
  CreditRequestBodySchema,
  canTransitionOrder,
  categoryFilterToTipsterCategory,
  categoryQueryOf,
  FALLBACK_LANGUAGE,
  firstErrorMessage,
  IdParamSchema,
  isLanguage,
  LANGUAGE_HTML_LANG,
  LANGUAGE_NAMES,
  LANGUAGES,
  MESSAGES,
  PAYMENT_METHODS,
  PurchaseRequestBodySchema,
  paymentMethodName,
  RTL_LANGUAGES,
  toCategoryFilter,
  toCategoryPage,
} from './index';

describe('betting types', () => {
  it('has the 11 SPEC codes', () => {
    expect(BETTING_TYPES.map((t) => t.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 113]);
    expect(bettingTypeName(113)).toBe('Home/Away');
    expect(bettingTypeName(1)).toBe('Asian Handicap F.T');
    expect(BettingTypeCodeSchema.safeParse(9).error?.issues[0].message).toBe('Unknown betting type: 9');
  });
});

describe('categories', () => {
  it('maps list filters to tipster categories', () => {
    expect(categoryFilterToTipsterCategory('senior')).toBe('SENIOR');
    expect(categoryFilterToTipsterCategory('premium')).toBe('PREMIUM');
    expect(categoryFilterToTipsterCategory('other')).toBeNull();
    expect(categoryFilterToTipsterCategory('all')).toBeNull();
    expect(categoryFilterToTipsterCategory('')).toBeNull();
  });

  it('reads unknown route segments as all', () => {
    expect(toCategoryFilter('PREMIUM')).toBe('premium');
    expect(toCategoryFilter('gold')).toBe('');
    expect(toCategoryFilter(undefined)).toBe('');
  });

  it('has the four AI plans and caps avatar numbers at 3', () => {
    expect(AI_PLANS.map((p) => [p.winRate, p.tips, p.priceCents])).toEqual([
      [53, 1, 0],
      [75, 1, 9900],
      [93, 7, 44900],
      [93, 30, 124900],
    ]);
    expect([1, 2, 3, 4, 10].map(aiImageIndex)).toEqual([1, 2, 3, 3, 3]);
    expect(aiProfileImagePath(4)).toBe('users/profile-images/ai3.webp');
  });
});

describe('languages', () => {
  it('lists 18 codes with names and html tags', () => {
    expect(LANGUAGES).toHaveLength(18);
    for (const language of LANGUAGES) {
      expect(LANGUAGE_NAMES[language]).toBeTruthy();
      expect(LANGUAGE_HTML_LANG[language]).toBeTruthy();
    }
    expect(isLanguage(FALLBACK_LANGUAGE)).toBe(true);
    expect(isLanguage('xx')).toBe(false);
    expect(RTL_LANGUAGES).toEqual(['ar-ae', 'il']);
  });
});

describe('payment methods', () => {
  it('names values 0 to 11 and groups them as the pages offer them', () => {
    expect(PAYMENT_METHODS.map((m) => m.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(paymentMethodName(10)).toBe('PayPal / Card');
    expect(BUY_CREDITS_METHODS).toEqual([10, 0, 1, 2, 3, 4, 5, 6]);
    expect(CREDIT_REQUEST_METHODS).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('lets an order complete only once', () => {
    expect(canTransitionOrder('PENDING', 'COMPLETED')).toBe(true);
    expect(canTransitionOrder('CREATED', 'COMPLETED')).toBe(true);
    expect(canTransitionOrder('COMPLETED', 'COMPLETED')).toBe(false);
    expect(canTransitionOrder('REJECTED', 'COMPLETED')).toBe(false);
  });
});

describe('commerce bodies', () => {
  it('bounds credits to whole 1..100000', () => {
    expect(BuyCreditsBodySchema.safeParse({ Credits: 250 }).success).toBe(true);
    for (const Credits of [0, 100_001, 10.5, '250']) {
      expect(BuyCreditsBodySchema.safeParse({ Credits }).error?.issues[0].message).toBe(
        MESSAGES.creditsOutOfRange,
      );
    }
  });

  it('limits the request methods', () => {
    expect(CreditRequestBodySchema.safeParse({ credits: 100, method: 6 }).success).toBe(true);
    expect(CreditRequestBodySchema.safeParse({ credits: 100, method: 7 }).success).toBe(false);
    expect(CreditRequestBodySchema.safeParse({ credits: 100, method: 10 }).success).toBe(false);
  });

  it('requires the purchase request form', () => {
    const result = PurchaseRequestBodySchema.safeParse({ cart: [1], method: 3 });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.countryRequired,
      MESSAGES.phoneRequired,
    ]);
    expect(PurchaseRequestBodySchema.safeParse({ cart: [1], method: 10 }).success).toBe(false);
  });
});

describe('errors', () => {
  it('shows the first server message or a fallback', () => {
    expect(
      firstErrorMessage({ code: 'UNPROCESSABLE', errors: ['Not enough credits.'], requestId: 'r' }, 'x'),
    ).toBe('Not enough credits.');
    expect(firstErrorMessage({ nope: true }, 'fallback')).toBe('fallback');
    expect(MESSAGES.followed('Ada')).toBe('You are now following tipster Ada');
    expect(MESSAGES.unfollowed('Ada')).toBe('You unfollowed tipster Ada');
  });

  it('rejects bad ids with one message', () => {
    expect(IdParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['abc', '0', '-3', '1.5', '']) {
      expect(IdParamSchema.safeParse({ id }).error?.issues[0].message).toBe('Invalid id');
    }
  });
});

describe('category pages', () => {
  it('read a route segment as premium, senior or all, and map all to no filter', () => {
    expect(['premium', 'SENIOR', undefined, 'free', 'other', 'x'].map(toCategoryPage)).toEqual([
      'premium',
      'senior',
      'all',
      'all',
      'all',
      'all',
    ]);
    expect(CATEGORY_PAGES.map(categoryQueryOf)).toEqual(['', 'senior', 'premium']);
  });
});
