import { z } from 'zod';
import { AdminReasonSchema } from './backoffice.schemas';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { OrderStatusSchema, OrderTypeSchema } from './payment-methods.schemas';
import { MESSAGES } from './rules/errors';
import { IsoDateTimeSchema } from './tips.schemas';

// Admin API: orders (manual payment requests).

export const AdminOrderIdParamSchema = z.object({ id: z.uuid({ error: MESSAGES.orderNotFound }) });
export type AdminOrderIdParam = z.infer<typeof AdminOrderIdParamSchema>;

export const AdminOrdersQuerySchema = z.object({
  status: OrderStatusSchema.default('PENDING'),
  type: OrderTypeSchema.optional(),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrderSchema = z.object({
  id: z.string(),
  type: OrderTypeSchema,
  method: z.int(),
  methodName: z.string(),
  provider: z.enum(['paypal', 'manual', 'credits']),
  status: OrderStatusSchema,
  // Dollars.
  amount: z.number().nonnegative(),
  currency: z.string(),
  // For credit orders: the credits granted.
  credits: z.number().nonnegative().nullable(),
  user: z.object({ id: z.int().positive(), username: z.string(), email: z.string() }).nullable(),
  contact: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    country: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      tipId: z.int().positive().nullable(),
      aiPlanId: z.int().positive().nullable(),
      // 'Home vs Away', or the plan's name.
      description: z.string(),
      price: z.number().nonnegative(),
    }),
  ),
  rejectionReason: z.string().nullable(),
  decidedBy: z.int().positive().nullable(),
  createdAt: IsoDateTimeSchema,
  completedAt: IsoDateTimeSchema.nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderPageSchema = pagedSchema(AdminOrderSchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

export const RejectOrderBodySchema = z.object({ reason: AdminReasonSchema });
export type RejectOrderBody = z.infer<typeof RejectOrderBodySchema>;

export const AdminOrderResponseSchema = z.object({ data: AdminOrderSchema });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponseSchema>;
