import {
  type AdminContactMessage,
  type AdminContactMessagePage,
  type AdminContactMessagesQuery,
  BACKOFFICE_MESSAGES,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { limitOffset, toPage } from '../../lib/paging';
import { writeAudit } from '../audit/audit.repo';
import {
  type ContactMessageRow,
  findContactMessage,
  listContactMessages,
  markContactMessageHandled,
} from './contact-admin.repo';

export type AdminContactService = ReturnType<typeof createAdminContactService>;

function toAdminContactMessage(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    handledBy: row.handledBy,
  };
}

export function createAdminContactService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function list(query: AdminContactMessagesQuery): Promise<AdminContactMessagePage> {
    const { rows, total } = await listContactMessages(db, query.status, limitOffset(query));
    return toPage(rows.map(toAdminContactMessage), total, query);
  }

  async function markHandled(adminId: number, id: number): Promise<AdminContactMessage> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const handled = await markContactMessageHandled(tx, id, adminId, now);
      if (!handled) {
        if (!(await findContactMessage(tx, id))) throw notFound(BACKOFFICE_MESSAGES.contactMessageNotFound);
        throw conflict(BACKOFFICE_MESSAGES.contactMessageHandled);
      }
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'contact_message.handle',
        entity: 'contact_message',
        entityId: id,
        before: { handledAt: null },
        after: { handledAt: now.toISOString(), handledBy: adminId },
        now,
      });
      return toAdminContactMessage(handled);
    });
  }

  return { list, markHandled };
}
