import { ALERT_MESSAGES, fromCents, type NotificationPage, type NotificationsQuery } from '@tips/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { limitOffset, toPage } from '../../lib/paging';
import { countUnread, listNotifications, markAllRead, markRead } from './notifications.repo';

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The bell: a user's notifications of followed tipsters' new tips; each user sees only their own. */
export function createNotificationsService({ db, clock }: NotificationsDeps) {
  return {
    async list(userId: number, query: NotificationsQuery): Promise<NotificationPage> {
      const { rows, total } = await listNotifications(db, userId, limitOffset(query));
      const data = rows.map((row) => ({
        id: row.id,
        tipId: row.tipId,
        tipsterId: row.tipsterId,
        tipsterName: row.tipsterName,
        homeTeam: row.homeTeam,
        awayTeam: row.awayTeam,
        league: row.league,
        bettingType: row.bettingType,
        eventTime: row.eventTime.toISOString(),
        odds: fromCents(row.oddsHundredths),
        price: fromCents(row.priceCents),
        createdAt: row.createdAt.toISOString(),
        isRead: row.readAt !== null,
      }));
      return toPage(data, total, query);
    },

    unreadCount: async (userId: number) => ({ unread: await countUnread(db, userId) }),

    async markRead(userId: number, id: number): Promise<void> {
      // Someone else's notification is answered like a missing one: ids reveal nothing.
      if (!(await markRead(db, userId, id, clock.now()))) throw notFound(ALERT_MESSAGES.notificationNotFound);
    },

    markAllRead: (userId: number) => markAllRead(db, userId, clock.now()),
  };
}
