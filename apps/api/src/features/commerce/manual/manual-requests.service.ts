import type { CreditRequestMethod, PurchaseRequestBody } from '@tips/contract';
import type { AppConfig } from '../../../config/env';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { requestCredits, requestTipsPurchase } from './manual-orders';

export type ManualRequestsService = ReturnType<typeof createManualRequestsService>;

/** Request Purchase by a manual method: a pending order and the payment instructions by email. */
export function createManualRequestsService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'publicUrl' | 'mail'>;
}) {
  const context = () => ({
    now: deps.clock.now(),
    publicUrl: deps.config.publicUrl,
    supportEmail: deps.config.mail.supportEmail,
  });
  return {
    /** Visitors too (userId null); `language` is the request's, for a visitor's email. */
    requestTips: (userId: number | null, body: PurchaseRequestBody, language: string) =>
      requestTipsPurchase(deps.db, userId, body, { ...context(), language }),
    requestCredits: (userId: number, input: { credits: number; method: CreditRequestMethod }) =>
      requestCredits(deps.db, userId, input, context()),
  };
}
