import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './paging.schemas';
import { ALERT_MESSAGES, ALERT_MODES } from './rules/alerts';

export const AlertModeSchema = z.enum(ALERT_MODES, { error: ALERT_MESSAGES.invalidMode });

// GET /notifications: a followed tipster's new tip, never its selection (the bell is not a sale).
export const NotificationSchema = z.object({
  id: z.int(),
  tipId: z.int(),
  tipsterId: z.int(),
  tipsterName: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  league: z.string(),
  bettingType: z.int(),
  eventTime: z.string(),
  odds: z.number(),
  price: z.number(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = pageQuerySchema(20);
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;
export const NotificationPageSchema = pagedSchema(NotificationSchema);
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountResponseSchema = z.object({ unread: z.int().min(0) });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponseSchema>;

export const NotificationIdParamSchema = z.object({
  id: z.coerce
    .number({ error: ALERT_MESSAGES.notificationNotFound })
    .int({ error: ALERT_MESSAGES.notificationNotFound })
    .min(1, { error: ALERT_MESSAGES.notificationNotFound })
    .max(Number.MAX_SAFE_INTEGER, { error: ALERT_MESSAGES.notificationNotFound }),
});

// GET /alerts/settings: the default mode and each followed tipster's own (null = the default).
export const TipsterAlertSettingSchema = z.object({
  tipsterId: z.int(),
  tipsterName: z.string(),
  mode: AlertModeSchema.nullable(),
});
export const AlertSettingsResponseSchema = z.object({
  mode: AlertModeSchema,
  tipsters: z.array(TipsterAlertSettingSchema),
});
export type AlertSettingsResponse = z.infer<typeof AlertSettingsResponseSchema>;

// PUT /alerts/settings
export const UpdateAlertModeBodySchema = z.object({ mode: AlertModeSchema });
export type UpdateAlertModeBody = z.infer<typeof UpdateAlertModeBodySchema>;

// PUT /alerts/settings/tipsters/{id}: null goes back to the default.
export const UpdateTipsterAlertBodySchema = z.object({ mode: AlertModeSchema.nullable() });
export type UpdateTipsterAlertBody = z.infer<typeof UpdateTipsterAlertBodySchema>;

// GET|POST /alerts/unsubscribe?token=…: the signed link of every alert email (no login).
export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: ALERT_MESSAGES.invalidUnsubscribeLink })
    .min(10, { error: ALERT_MESSAGES.invalidUnsubscribeLink })
    .max(200, { error: ALERT_MESSAGES.invalidUnsubscribeLink }),
});
export const UnsubscribeResponseSchema = z.object({
  scope: z.enum(['tipster', 'all']),
  tipsterName: z.string().nullable(),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;
