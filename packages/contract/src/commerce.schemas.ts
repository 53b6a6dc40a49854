import { z } from 'zod';
import { CreditRequestMethodSchema, ManualMethodSchema } from './payment-methods.schemas';
import { MESSAGES } from './rules/errors';
import { CREDITS_MAX, CREDITS_MIN } from './rules/pricing';
import { textInput } from './text-input';
import {
  AiPlanChoicesSchema,
  CHOICE_OUTSIDE_CART,
  choicesInCart,
  TipIdCartSchema,
  TipIdsSchema,
} from './tips.schemas';

// The client sends only ids and credit counts; the server prices everything from the database.

export const CreditsAmountSchema = z
  .int({ error: MESSAGES.creditsOutOfRange })
  .min(CREDITS_MIN, { error: MESSAGES.creditsOutOfRange })
  .max(CREDITS_MAX, { error: MESSAGES.creditsOutOfRange });

// POST /credits/buy → OrderIdResponse
export const BuyCreditsBodySchema = z.object({ Credits: CreditsAmountSchema });
export type BuyCreditsBody = z.infer<typeof BuyCreditsBodySchema>;

const OrderIdSchema = textInput({ error: MESSAGES.orderNotFound })
  .trim()
  .min(1, { error: MESSAGES.orderNotFound })
  .max(64, { error: MESSAGES.orderNotFound });

export const OrderIdResponseSchema = z.object({ orderId: z.string() });
export type OrderIdResponse = z.infer<typeof OrderIdResponseSchema>;

// POST /credits/paypal/capture-payment
export const CaptureCreditsBodySchema = z.object({ orderId: OrderIdSchema });
export type CaptureCreditsBody = z.infer<typeof CaptureCreditsBodySchema>;

// Balance in credits with 2 decimals.
export const CaptureCreditsResponseSchema = z.object({ balance: z.number().nonnegative() });
export type CaptureCreditsResponse = z.infer<typeof CaptureCreditsResponseSchema>;

// POST /credits/request (manual methods 0..6)
export const CreditRequestBodySchema = z.object({
  credits: CreditsAmountSchema,
  method: CreditRequestMethodSchema,
});
export type CreditRequestBody = z.infer<typeof CreditRequestBodySchema>;

// POST /tips/buy (pay with credits)
export const BuyTipsBodySchema = TipIdCartSchema;
export type BuyTipsBody = z.infer<typeof BuyTipsBodySchema>;

export const BuyTipsResponseSchema = z.object({
  balance: z.number().nonnegative(),
  tipIds: z.array(z.int().positive()),
});
export type BuyTipsResponse = z.infer<typeof BuyTipsResponseSchema>;

// POST /tips/purchase/paypal → OrderIdResponse
export const PaypalOrderBodySchema = TipIdCartSchema;
export type PaypalOrderBody = z.infer<typeof PaypalOrderBodySchema>;

// POST /tips/paypal/capture
export const CaptureTipsBodySchema = z.object({ orderId: OrderIdSchema });
export type CaptureTipsBody = z.infer<typeof CaptureTipsBodySchema>;

export const CaptureTipsResponseSchema = z.object({ tipIds: z.array(z.int().positive()) });
export type CaptureTipsResponse = z.infer<typeof CaptureTipsResponseSchema>;

function requiredString(message: string, max = 100) {
  return textInput({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: MESSAGES.fieldTooLong });
}

// POST /tips/purchase: Request Purchase with a manual method; the order waits for an admin.
// The fields alone (the checkout's buyer form picks from them); the body adds the cart rule below.
export const PurchaseRequestFieldsSchema = z.object({
  cart: TipIdsSchema,
  plans: AiPlanChoicesSchema.optional(),
  method: ManualMethodSchema,
  firstName: requiredString(MESSAGES.firstNameRequired),
  lastName: requiredString(MESSAGES.lastNameRequired),
  email: requiredString(MESSAGES.emailRequired, 254).pipe(z.email({ error: MESSAGES.emailInvalid })),
  country: requiredString(MESSAGES.countryRequired),
  mobile: requiredString(MESSAGES.phoneRequired, 32).pipe(
    z.string().min(6, { error: MESSAGES.phoneTooShort }),
  ),
});
export const PurchaseRequestBodySchema = PurchaseRequestFieldsSchema.refine(
  choicesInCart,
  CHOICE_OUTSIDE_CART,
);
export type PurchaseRequestBody = z.infer<typeof PurchaseRequestBodySchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof OkResponseSchema>;

// Request Purchase by a manual method: what the success popup shows, as the email says it.
export const ManualRequestResponseSchema = OkResponseSchema.extend({
  payment: z.object({
    // The short order number the buyer quotes as the payment reference.
    orderNumber: z.string(),
    method: z.number().int(),
    totalCents: z.number().int(),
    // Where to send the money, from the deployment's configuration; null = support sends the details.
    payTo: z.string().nullable(),
    supportEmail: z.string(),
  }),
});
export type ManualRequestResponse = z.infer<typeof ManualRequestResponseSchema>;
