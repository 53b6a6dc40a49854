import { sql } from 'drizzle-orm';

/**
 * Which orders count against a spending limit (decision 130): money deposited, as regulators count
 * it. That is a credit pack or tips paid with PayPal or a manual method — never tips paid with
 * credits, whose money was counted once already when the credits were bought.
 * - COMPLETED: the money arrived.
 * - PENDING (a manual request): reserved until an admin confirms or rejects it.
 * - CREATED / APPROVED (PayPal): reserved while PayPal could still take the money, that is for the
 *   approval window after the order was opened; an order abandoned longer than that is released
 *   (the reconciler marks it FAILED at the same moment, but the rule does not wait for it).
 * A fragment of the guard's prepared statement: it reads the `reservedSince` placeholder.
 */
export const countsAsDeposit = sql`provider <> 'credits'
        and (status in ('COMPLETED', 'PENDING')
          or (status in ('CREATED', 'APPROVED')
            and created_at > ${sql.placeholder('reservedSince')}::timestamptz))`;
