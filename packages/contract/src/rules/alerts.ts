// Alerts for followed tipsters (issue #20.1): how a follower hears of new tips by email. The bell
// lists every new tip of a followed tipster whatever the mode.
export const ALERT_MODES = ['instant', 'digest', 'off'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

/** Newest notifications shown in the header's dropdown; the full list is paged. */
export const NOTIFICATIONS_DROPDOWN_SIZE = 8;

export const ALERT_MESSAGES = {
  invalidMode: 'Choose instant, daily digest or off',
  notificationNotFound: 'Notification not found',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid',
  unsubscribeLinkExpired:
    'This unsubscribe link has expired or your alert settings changed since it was sent. Change your alert emails in your settings.',
  notFollowing: 'You do not follow this tipster',
  unsubscribedTipster: (name: string) => `You will no longer get emails about ${name}'s tips`,
  unsubscribedAll: 'You will no longer get alert emails about followed tipsters',
} as const;
