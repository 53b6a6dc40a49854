/**
 * The PayPal Orders v2 operations the shop uses, behind a port: the REST adapter implements it
 * against PayPal (or the local emulator, which speaks the same HTTP), tests may pass a fake.
 * Amounts are integer cents; the adapter converts to and from PayPal's decimal strings.
 */

export interface PaypalMoney {
  currency: string;
  cents: number;
}

export interface PaypalCapture {
  id: string;
  /** COMPLETED, PENDING, DECLINED, FAILED, REFUNDED, … */
  status: string;
  /** Null when PayPal sent an amount we could not read: treated as a mismatch. */
  amount: PaypalMoney | null;
}

export interface PaypalOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: string;
  amount: PaypalMoney | null;
  payerEmail: string | null;
  captures: PaypalCapture[];
}

export interface CreatePaypalOrderInput {
  /** Our order id, sent as reference_id and custom_id so PayPal's records point back to it. */
  referenceId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** PayPal-Request-Id: a retried create returns the same PayPal order. */
  requestId: string;
}

export interface PaypalPort {
  createOrder(input: CreatePaypalOrderInput): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
  /** `requestId` (PayPal-Request-Id) makes replays return the first capture instead of a second one. */
  captureOrder(id: string, requestId: string): Promise<PaypalOrder>;
  /**
   * Refunds part or all of a capture (POST /v2/payments/captures/{id}/refund). `requestId`
   * (PayPal-Request-Id) makes a retry return the first refund instead of a second one.
   */
  refundCapture(captureId: string, amount: PaypalMoney, requestId: string): Promise<PaypalRefund>;
  /**
   * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature):
   * true only for verification_status SUCCESS. Throws 'unavailable' when PayPal cannot say.
   */
  verifyWebhookSignature(input: WebhookSignatureCheck): Promise<boolean>;
  /**
   * Pays one receiver through PayPal Payouts (POST /v1/payments/payouts), one item per batch.
   * PayPal pays a `senderBatchId` at most once in 30 days: a retry after a lost answer is refused
   * with a link to the first batch, which the adapter returns as that batch (`duplicate: true`).
   */
  createPayout(input: CreatePayoutInput): Promise<PaypalPayoutBatch>;
}

export interface CreatePayoutInput {
  /** Ours and unique per payout (sender_batch_header.sender_batch_id). */
  senderBatchId: string;
  /** Ours, to find the payout again from the item's webhooks (items[0].sender_item_id). */
  senderItemId: string;
  receiverEmail: string;
  amount: PaypalMoney;
  note: string;
  emailSubject: string;
}

export interface PaypalPayoutBatch {
  /** PayPal's payout_batch_id. */
  batchId: string;
  /** batch_status: PENDING, PROCESSING, SUCCESS, DENIED, CANCELED. */
  status: string;
  /** True when PayPal had this sender_batch_id already (a retried send): nothing was paid twice. */
  duplicate: boolean;
}

/** The transmission headers of a webhook delivery, the event as received and our webhook's id. */
export interface WebhookSignatureCheck {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  event: unknown;
}

export interface PaypalRefund {
  id: string;
  /** COMPLETED, PENDING, CANCELLED, FAILED */
  status: string;
}

export type PaypalErrorKind =
  /** The order was captured before (e.g. our first call's response was lost). */
  | 'already-captured'
  /** The buyer's funding source was refused; nothing was taken. */
  | 'declined'
  /** The buyer has not approved the order (yet). */
  | 'not-approved'
  /** PayPal does not know the order (never created, or expired). */
  | 'not-found'
  /** Any other refusal of the request. */
  | 'rejected'
  /** Network failure, timeout or a 5xx: the outcome is unknown, try again later. */
  | 'unavailable';

export class PaypalError extends Error {
  constructor(
    readonly kind: PaypalErrorKind,
    message: string,
    readonly details: { status?: number; issue?: string; debugId?: string; links?: string[] } = {},
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

export function isPaypalError(error: unknown, kind?: PaypalErrorKind): error is PaypalError {
  return error instanceof PaypalError && (kind === undefined || error.kind === kind);
}
