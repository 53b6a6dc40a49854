import { type AdminOrder, fromCents, paymentMethodName } from '@tips/contract';
import type { OrderWithDetails } from './orders-admin.repo';

/** An order as the admin sees it: method, contact details and what it buys (never a selection). */
export function toAdminOrder({ order, user, items }: OrderWithDetails): AdminOrder {
  return {
    id: order.id,
    type: order.type,
    method: order.method,
    methodName: paymentMethodName(order.method),
    provider: order.provider,
    status: order.status,
    amount: fromCents(order.amountCents),
    currency: order.currency,
    credits: order.creditsCents === null ? null : fromCents(order.creditsCents),
    user,
    contact: {
      firstName: order.contactFirstName,
      lastName: order.contactLastName,
      email: order.contactEmail,
      country: order.contactCountry,
      mobile: order.contactMobile,
    },
    items: items.map((item) => ({
      tipId: item.tipId,
      aiPlanId: item.aiPlanId,
      description:
        item.homeTeam !== null
          ? `${item.homeTeam} vs ${item.awayTeam ?? ''}`
          : (item.planName ?? (item.tipId !== null ? `Tip #${item.tipId}` : 'Item')),
      price: fromCents(item.priceCents),
    })),
    rejectionReason: order.rejectionReason,
    decidedBy: order.decidedBy,
    createdAt: order.createdAt.toISOString(),
    completedAt: order.completedAt ? order.completedAt.toISOString() : null,
  };
}
