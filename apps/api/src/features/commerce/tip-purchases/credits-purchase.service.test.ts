import { describe, expect, it } from 'vitest';
import type { Tx } from '../../../db/client';
import { appErrorOf } from '../../../lib/app-error.test-support';
import { fakeTip } from '../commerce-fakes.test-support';
import { CART_PROBLEMS, COMMERCE_MESSAGES } from '../commerce-messages';
import type { PostingRow } from '../ledger/ledger.repo';
import type { CartLine, LoadedCart } from './cart.repo';
import type { CreditSale, LockedBuyer } from './credit-sale.repo';
import { type CreditsPurchaseDeps, createCreditsPurchaseService } from './credits-purchase.service';

/**
 * The credits purchase's own rules, on fake repositories (no database): who may buy, what the
 * cart must be, that the balance is checked before anything is written, and what is written.
 * The same flow on PGlite/PostgreSQL, with concurrency, is credits-purchase.int.test.ts.
 */

const NOW = new Date('2026-11-24T12:00:00Z');
const BUYER: LockedBuyer = {
  id: 7,
  email: 'buyer@example.test',
  firstName: 'Bo',
  language: 'de',
  balance: 5_000,
};

function fakes(options: { buyer?: LockedBuyer | null; lines?: CartLine[]; owned?: number[] } = {}) {
  const written: { sales: Array<{ sale: CreditSale; debit: Record<string, unknown> }>; grants: unknown[] } = {
    sales: [],
    grants: [],
  };
  const buyer = options.buyer === undefined ? BUYER : options.buyer;
  let balance = buyer?.balance ?? 0;
  const deps: CreditsPurchaseDeps = {
    transaction: (work) => work({} as Tx),
    repo: {
      lockBuyer: async () => buyer ?? undefined,
      assertMayPurchase: async () => {},
      loadCart: async (): Promise<LoadedCart> => ({
        lines: new Map((options.lines ?? []).map((l) => [l.tip.id, l])),
        owned: new Set(options.owned ?? []),
        refusedPlans: new Set(),
      }),
      recordCreditSale: async (sale, debit): Promise<PostingRow> => {
        written.sales.push({ sale, debit });
        balance -= sale.totalCents;
        return { applied: 1, moved: balance, balance };
      },
    },
    fulfilment: {
      grantTips: async (_tx, input) => {
        written.grants.push(input);
        return { refundedCents: 0 };
      },
    },
  };
  return { service: createCreditsPurchaseService(deps), written };
}

const ctx = { now: NOW, publicUrl: 'http://test.local' };

describe('credits purchase (fake repositories)', () => {
  it('sells the cart at the database prices: one sale, one debit of the total, the tips granted', async () => {
    const { service, written } = fakes({ lines: [fakeTip(1, 1_250), fakeTip(2, 300)] });
    const result = await service.buyTips(BUYER.id, [1, 2], ctx);
    expect(result).toMatchObject({ balanceCents: 5_000 - 1_550, tipIds: [1, 2] });
    expect(written.sales).toHaveLength(1);
    expect(written.sales[0]!.sale).toMatchObject({ totalCents: 1_550, tipIds: [1, 2], prices: [1_250, 300] });
    expect(written.sales[0]!.debit).toMatchObject({
      userId: BUYER.id,
      amount: -1_550,
      reason: 'tip_purchase',
    });
    expect(written.grants).toHaveLength(1);
  });

  it('refuses a tip the buyer already owns, and writes nothing', async () => {
    const { service, written } = fakes({ lines: [fakeTip(1, 1_250)], owned: [1] });
    const error = await appErrorOf(service.buyTips(BUYER.id, [1], ctx));
    expect(error.status).toBe(422);
    expect(error.messages).toEqual([CART_PROBLEMS.owned('Home 1 vs Away 1')]);
    expect(written.sales).toEqual([]);
  });

  it('refuses when the balance is short, before any write', async () => {
    const { service, written } = fakes({ buyer: { ...BUYER, balance: 1_249 }, lines: [fakeTip(1, 1_250)] });
    const error = await appErrorOf(service.buyTips(BUYER.id, [1], ctx));
    expect(error.status).toBe(422);
    expect(error.messages).toEqual([COMMERCE_MESSAGES.notEnoughCredits]);
    expect(written.sales).toEqual([]);
    expect(written.grants).toEqual([]);
  });

  it('refuses the whole cart when one tip cannot be sold (kicked off, settled, free, own, unknown)', async () => {
    const { service, written } = fakes({
      lines: [
        fakeTip(1, 1_000),
        fakeTip(2, 1_000, { eventTime: NOW }),
        fakeTip(3, 1_000, { result: 'WIN' }),
        fakeTip(4, 0),
        { ...fakeTip(5, 1_000), tipster: { ...fakeTip(5, 1_000).tipster, userId: BUYER.id } },
      ],
    });
    const error = await appErrorOf(service.buyTips(BUYER.id, [1, 2, 3, 4, 5, 6], ctx));
    expect(error.messages).toEqual([
      CART_PROBLEMS.salesClosed('Home 2 vs Away 2'),
      CART_PROBLEMS.finalized('Home 3 vs Away 3'),
      CART_PROBLEMS.free('Home 4 vs Away 4'),
      CART_PROBLEMS.ownTip('Home 5 vs Away 5'),
      CART_PROBLEMS.unknown(6),
    ]);
    expect(written.sales).toEqual([]);
  });

  it('answers 401 when the buyer no longer exists', async () => {
    const { service } = fakes({ buyer: null, lines: [fakeTip(1, 1_000)] });
    expect((await appErrorOf(service.buyTips(BUYER.id, [1], ctx))).status).toBe(401);
  });

  it('turns a debit refused by the balance guard (a concurrent spend) into "not enough credits"', async () => {
    const guarded = createCreditsPurchaseService({
      transaction: (work) => work({} as Tx),
      repo: {
        lockBuyer: async () => BUYER,
        assertMayPurchase: async () => {},
        loadCart: async () => ({
          lines: new Map([[1, fakeTip(1, 1_000)]]),
          owned: new Set(),
          refusedPlans: new Set(),
        }),
        recordCreditSale: async () => ({ applied: 1, moved: null, balance: null }),
      },
      fulfilment: { grantTips: async () => ({ refundedCents: 0 }) },
    });
    const error = await appErrorOf(guarded.buyTips(BUYER.id, [1], ctx));
    expect(error.messages).toEqual([COMMERCE_MESSAGES.notEnoughCredits]);
  });
});
