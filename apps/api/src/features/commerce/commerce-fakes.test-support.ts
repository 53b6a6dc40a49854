import type { Tx } from '../../db/client';
import type { TipRow } from '../../db/rows';
import type { OutgoingEmail } from '../../infra/mail/outbox.repo';
import type { AppError } from '../../lib/app-error';
import type { CommerceRepos, MailOutbox, RunInTransaction } from './commerce-repos';
import type { LedgerPosting } from './ledger/ledger.repo';
import { createManualOrders } from './manual/manual-orders.service';
import { createOrderFulfilment } from './orders/order-fulfilment.service';
import type { OrderItemRow, OrderRow } from './orders/orders.repo';
import type { CartLine } from './tip-purchases/cart.repo';

/** The repositories the fakes implement: all but the credit sale's statements and the reconciler's claim. */
export type FakeCommerceRepos = Omit<
  CommerceRepos,
  'lockBuyer' | 'recordCreditSale' | 'claimStalePaypalOrders'
>;

/**
 * The commerce repositories in memory, for the services' fast tests: what the database would hold
 * (orders and lines, entitlements, ledger, emails) and the same rules its statements keep — an
 * order moves only from the statuses it is asked to move from, one entitlement per buyer and tip,
 * one ledger entry per idempotency key — and a transaction that writes all or nothing.
 * The real statements are proven by the *.int.test.ts files on PGlite and PostgreSQL.
 */

export const NOW = new Date('2026-11-24T12:00:00Z');
const KICK_OFF = new Date('2026-11-24T18:00:00Z');

export interface FakeAccount {
  id: number;
  email: string;
  firstName: string;
  language: string;
  balanceCents: number;
}

export interface FakeEntitlement {
  userId: number | null;
  email: string | null;
  tipId: number;
  orderId: string;
  source: string;
}

export interface FakeLedgerEntry {
  userId: number;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
}

interface FakeState {
  accounts: Map<number, FakeAccount>;
  tips: Map<number, CartLine>;
  orders: Map<string, OrderRow>;
  items: Map<string, OrderItemRow[]>;
  entitlements: FakeEntitlement[];
  ledger: FakeLedgerEntry[];
  subscriptions: unknown[];
  /** Sale entries of the earnings ledger, as the fulfilment posted them. */
  sales: unknown[];
  emails: OutgoingEmail[];
  nextItemId: number;
}

export function fakeTip(id: number, priceCents: number, overrides: Partial<TipRow> = {}): CartLine {
  return {
    tip: {
      id,
      homeTeam: `Home ${id}`,
      awayTeam: `Away ${id}`,
      selection: `Selection ${id}`,
      league: 'Premier League',
      bettingType: 1,
      oddsHundredths: 185,
      priceCents,
      result: null,
      eventTime: KICK_OFF,
      // The tipster's analysis, paid content sent with the pick (decision 141); '' when none was written.
      reasoning: '',
      ...overrides,
    } as TipRow,
    tipster: { id: 3, name: 'Tipster', category: 'SENIOR', profileImage: null, lastResults: [], userId: 99 },
    plan: null,
  } as CartLine;
}

export function fakeOrder(overrides: Partial<OrderRow> & Pick<OrderRow, 'id'>): OrderRow {
  return {
    userId: null,
    type: 'TIPS',
    method: 3,
    provider: 'manual',
    status: 'PENDING',
    amountCents: 0,
    currency: 'USD',
    creditsCents: null,
    providerOrderId: null,
    providerCaptureId: null,
    payerEmail: null,
    contactFirstName: null,
    contactLastName: null,
    contactEmail: null,
    contactCountry: null,
    contactMobile: null,
    rejectionReason: null,
    decidedBy: null,
    createdAt: NOW,
    updatedAt: NOW,
    completedAt: null,
    ...overrides,
  };
}

export function createFakeCommerce(seed: { accounts?: FakeAccount[]; tips?: CartLine[] } = {}) {
  let state: FakeState = {
    accounts: new Map((seed.accounts ?? []).map((a) => [a.id, { ...a }])),
    tips: new Map((seed.tips ?? []).map((line) => [line.tip.id, line])),
    orders: new Map(),
    items: new Map(),
    entitlements: [],
    ledger: [],
    subscriptions: [],
    sales: [],
    emails: [],
    nextItemId: 1,
  };
  /** Set to make the safer-gambling guard refuse every purchase with this error. */
  let purchaseRefusal: AppError | null = null;
  const tx = {} as Tx;

  const owns = (buyer: { userId: number | null; email: string | null }, tipId: number, except?: string) =>
    state.entitlements.some(
      (e) =>
        e.tipId === tipId &&
        e.orderId !== except &&
        (buyer.userId !== null
          ? e.userId === buyer.userId
          : e.userId === null && e.email?.toLowerCase() === buyer.email?.toLowerCase()),
    );

  const account = (userId: number) => state.accounts.get(userId);
  const contactOf = (a: FakeAccount) => ({
    id: a.id,
    email: a.email,
    firstName: a.firstName,
    language: a.language,
  });

  function post(p: LedgerPosting, sign: 1 | -1) {
    const holder = account(p.userId);
    if (!holder) throw new Error(`ledger: user ${p.userId} does not exist`);
    if (state.ledger.some((e) => e.idempotencyKey === p.idempotencyKey))
      return { applied: false, balanceCents: holder.balanceCents };
    state.ledger.push({
      userId: p.userId,
      amountCents: sign * p.amountCents,
      reason: p.reason,
      idempotencyKey: p.idempotencyKey,
    });
    holder.balanceCents += sign * p.amountCents;
    return { applied: true, balanceCents: holder.balanceCents };
  }

  const repo: FakeCommerceRepos = {
    findOrderById: async (id) => {
      const order = state.orders.get(id);
      return order && { ...order };
    },
    findOrderByProviderId: async (providerOrderId) => {
      const order = [...state.orders.values()].find((o) => o.providerOrderId === providerOrderId);
      return order && { ...order };
    },
    findOrderItems: async (orderId) => (state.items.get(orderId) ?? []).map((item) => ({ ...item })),
    insertOrder: async (values, items = []) => {
      const order = fakeOrder({ ...values, id: values.id ?? `order-${state.orders.size + 1}` } as OrderRow);
      state.orders.set(order.id, order);
      state.items.set(
        order.id,
        items.map((item) => ({ ...item, id: state.nextItemId++, orderId: order.id })),
      );
      return { ...order };
    },
    transitionOrder: async (id, { from, to, patch }) => {
      const order = state.orders.get(id);
      if (!order || !from.includes(order.status)) return undefined;
      Object.assign(order, patch, { status: to });
      return { ...order };
    },
    failOpenOrder: (id, reason, now) =>
      repo.transitionOrder(id, {
        from: ['CREATED', 'APPROVED'],
        to: 'FAILED',
        patch: { rejectionReason: reason, updatedAt: now },
      }),
    setProviderOrderId: async (id, providerOrderId, now) => {
      const order = state.orders.get(id);
      if (order) Object.assign(order, { providerOrderId, updatedAt: now });
    },
    loadCart: async ({ tipIds, buyer, exceptOrderId }) => {
      const lines = new Map(tipIds.flatMap((id) => (state.tips.has(id) ? [[id, state.tips.get(id)!]] : [])));
      const owned = new Set(
        [...lines.keys()].filter((id) => owns(buyer ?? { userId: null, email: null }, id, exceptOrderId)),
      );
      return { lines, owned, refusedPlans: new Set<number>() };
    },
    loadCartLines: async (tipIds) =>
      new Map(tipIds.flatMap((id) => (state.tips.has(id) ? [[id, state.tips.get(id)!]] : []))),
    findAccountContact: async (userId) => {
      const found = account(userId);
      return found && contactOf(found);
    },
    findBuyerAccount: async (userId) => {
      const found = account(userId);
      if (!found) throw new Error(`order buyer ${userId} does not exist`);
      return contactOf(found);
    },
    insertEntitlements: async (grant) => {
      const granted = new Set<number>();
      for (const tipId of grant.tipIds) {
        if (owns({ userId: grant.userId, email: grant.email }, tipId)) continue;
        state.entitlements.push({
          userId: grant.userId,
          email: grant.email,
          tipId,
          orderId: grant.orderId,
          source: grant.source,
        });
        granted.add(tipId);
      }
      // The sale's earnings of the lines granted now, posted with them as the real statement does.
      const { sale } = grant;
      state.sales.push({
        ...sale,
        orderId: grant.orderId,
        lines: sale.lines.filter((line) => granted.has(line.tipId)),
      });
      return granted;
    },
    insertAiSubscriptions: async (rows) => {
      state.subscriptions.push(...rows);
    },
    balanceOf: async (userId) => account(userId)?.balanceCents ?? 0,
    creditAccount: async (posting) => post(posting, 1),
    creditDebtOf: async () => 0,
    repayCreditDebts: async ({ balanceCents }) => balanceCents,
    assertMayPurchase: async () => {
      if (purchaseRefusal) throw purchaseRefusal;
    },
    assertAddressesMayPurchase: async () => {
      if (purchaseRefusal) throw purchaseRefusal;
    },
  };

  /** All or nothing, like the database: a transaction (or savepoint) that throws leaves no trace. */
  const transaction: RunInTransaction = async (work) => {
    const before = structuredClone(state);
    try {
      return await work(tx);
    } catch (error) {
      state = before;
      throw error;
    }
  };

  const outbox: MailOutbox = {
    // The outbox's rule: the same dedupe key twice queues the email once.
    enqueueEmail: async (email) => {
      if (email.dedupeKey && state.emails.some((e) => e.dedupeKey === email.dedupeKey)) return;
      state.emails.push(email);
    },
  };

  const fulfilment = createOrderFulfilment({ repo, outbox, sharePercent: 70 });
  const manualOrders = createManualOrders({ transaction, repo, outbox, fulfilment });

  return {
    repo,
    transaction,
    outbox,
    fulfilment,
    manualOrders,
    tx,
    refusePurchases(error: AppError | null) {
      purchaseRefusal = error;
    },
    /** What the database would hold now (copies). */
    get orders() {
      return [...state.orders.values()].map((o) => ({ ...o }));
    },
    order: (id: string) => state.orders.get(id),
    get entitlements() {
      return [...state.entitlements];
    },
    get ledger() {
      return [...state.ledger];
    },
    get emails() {
      return state.emails.map((e) => ({ to: e.to, template: e.template, text: e.text }));
    },
    balanceOf: (userId: number) => account(userId)?.balanceCents,
    /** Puts an order (and its lines) in the store directly, as an earlier request would have. */
    seedOrder(order: OrderRow, tipIds: number[] = []) {
      state.orders.set(order.id, { ...order });
      state.items.set(
        order.id,
        tipIds.map((tipId) => ({
          id: state.nextItemId++,
          orderId: order.id,
          tipId,
          aiPlanId: null,
          priceCents: state.tips.get(tipId)?.tip.priceCents ?? 0,
        })),
      );
    },
    grant(entitlement: FakeEntitlement) {
      state.entitlements.push(entitlement);
    },
  };
}

export type FakeCommerce = ReturnType<typeof createFakeCommerce>;
