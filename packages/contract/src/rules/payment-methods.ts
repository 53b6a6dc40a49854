// Option values of the payment dropdowns (SPEC §9). The numbers travel in request bodies.
export const PAYMENT_METHODS = [
  { value: 0, name: 'Skrill' },
  { value: 1, name: 'Neteller' },
  { value: 2, name: 'Monero' },
  { value: 3, name: 'Bitcoin' },
  { value: 4, name: 'Ethereum' },
  { value: 5, name: 'USDT (TRC20)' },
  { value: 6, name: 'USDT (ERC20)' },
  { value: 7, name: 'Western Union' },
  { value: 8, name: 'MoneyGram' },
  { value: 9, name: 'Perfect Money' },
  { value: 10, name: 'PayPal / Card' },
  { value: 11, name: 'Credits' },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

export const PAYPAL_METHOD = 10 as const;
export const CREDITS_METHOD = 11 as const;

// Paid outside the site; an admin confirms the pending order by hand.
export const MANUAL_METHODS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];

// The buy-credits page offers the card provider first, then the e-wallets and crypto.
export const BUY_CREDITS_METHODS = [10, 0, 1, 2, 3, 4, 5, 6] as const;
export type BuyCreditsMethod = (typeof BUY_CREDITS_METHODS)[number];

// Credits requested by a manual method (the card provider goes through POST /credits/buy).
export const CREDIT_REQUEST_METHODS = [0, 1, 2, 3, 4, 5, 6] as const;
export type CreditRequestMethod = (typeof CREDIT_REQUEST_METHODS)[number];

export function paymentMethodName(value: number): string {
  return PAYMENT_METHODS.find((m) => m.value === value)?.name ?? `Method ${value}`;
}

export function isManualMethod(value: number): value is ManualMethod {
  return (MANUAL_METHODS as readonly number[]).includes(value);
}

export const ORDER_TYPES = ['CREDITS', 'TIPS'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

// CREATED → APPROVED → COMPLETED for the card provider; PENDING → COMPLETED | REJECTED for manual
// methods; FAILED when the provider refuses. COMPLETED, REJECTED and FAILED are final.
/**
 * PayPal expires an unapproved order after about 3 hours; we wait twice that. The reconciler closes
 * an open PayPal order (FAILED) after this window, and the spending-limit guard stops counting it
 * as reserved at the same moment, even when no reconciler ran (decision 130).
 */
export const PAYPAL_APPROVAL_WINDOW_MS = 6 * 3600_000;

export const ORDER_STATUSES = ['CREATED', 'APPROVED', 'PENDING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  CREATED: ['APPROVED', 'COMPLETED', 'FAILED'],
  APPROVED: ['COMPLETED', 'FAILED'],
  PENDING: ['COMPLETED', 'REJECTED'],
  COMPLETED: [],
  REJECTED: [],
  FAILED: [],
};

// Capture and admin confirmation must each happen exactly once; the repository applies a
// transition only when this allows it (and only from the status it read).
export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}
