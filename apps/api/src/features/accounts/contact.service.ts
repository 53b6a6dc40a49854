import type { ContactBody } from '@tips/contract';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../../infra/mail/outbox.repo';
import type { Clock } from '../../lib/clock';
import { contactEmail } from './account-emails';
import { insertContactMessage } from './contact.repo';

export interface ContactServiceDeps {
  db: Db;
  clock: Clock;
  supportEmail: string;
}

/**
 * Stores the message and mails it to support in one transaction. Nothing is sent to the address
 * the visitor typed: an open form that mails arbitrary addresses is a spam relay.
 */
export function createContactService(deps: ContactServiceDeps) {
  async function sendContactMessage(body: ContactBody, userId: number | null): Promise<void> {
    await deps.db.transaction(async (tx) => {
      const id = await insertContactMessage(tx, { ...body, userId, createdAt: deps.clock.now() });
      await enqueueEmail(tx, contactEmail(deps.supportEmail, { ...body, id }));
    });
  }
  return { sendContactMessage };
}
