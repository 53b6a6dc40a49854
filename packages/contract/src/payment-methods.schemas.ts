import { z } from 'zod';
import {
  CREDIT_REQUEST_METHODS,
  MANUAL_METHODS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_METHODS,
  type PaymentMethod,
} from './rules/payment-methods';

const PAYMENT_METHOD_VALUES = PAYMENT_METHODS.map((m) => m.value) as [PaymentMethod, ...PaymentMethod[]];
const methodError = (issue: { input?: unknown }) => `Unsupported payment method: ${String(issue.input)}`;
export const PaymentMethodSchema = z.literal(PAYMENT_METHOD_VALUES, { error: methodError });
export const ManualMethodSchema = z.literal(MANUAL_METHODS, { error: methodError });
export const CreditRequestMethodSchema = z.literal(CREDIT_REQUEST_METHODS, { error: methodError });

export const OrderTypeSchema = z.enum(ORDER_TYPES);
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
