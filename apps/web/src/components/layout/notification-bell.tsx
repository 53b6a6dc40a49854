import { NOTIFICATIONS_DROPDOWN_SIZE } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkRead, useNotifications, useUnreadCount } from '../../lib/queries/notifications-api';
import { matchTitle, useFormatKickOff } from '../../lib/tip-format';
import { DropdownMenu } from '../ui/dropdown-menu';
import { BellIcon } from '../ui/icons';

const ITEM =
  'flex w-full flex-col gap-0.5 rounded-lg px-3 py-2 text-start text-sm transition-colors hover:bg-white/6 focus-visible:bg-white/6';

/**
 * The header's bell: unread count on the button, the newest notifications in a disclosure panel
 * (keyboard: Enter/Space opens, Tab walks the items, Escape closes). Opening an item marks it read.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const formatKickOff = useFormatKickOff();
  const unread = useUnreadCount().data ?? 0;
  const list = useNotifications(1, NOTIFICATIONS_DROPDOWN_SIZE);
  const markRead = useMarkRead();
  const items = list.data?.data ?? [];
  const badge = unread > 99 ? '99+' : String(unread);

  return (
    <DropdownMenu
      align="end"
      ariaLabel={unread > 0 ? t('alerts.bell.labelUnread', { count: unread }) : t('alerts.bell.label')}
      triggerClassName="relative flex size-10 items-center justify-center rounded-full max-sm:size-9 text-ink-muted transition-colors hover:bg-white/6 hover:text-ink aria-expanded:bg-white/6"
      panelClassName="w-[min(22rem,calc(100vw-1.5rem))] max-sm:fixed max-sm:inset-x-3 max-sm:top-16 max-sm:w-auto"
      label={
        <>
          <BellIcon className="size-5" />
          {unread > 0 ? (
            <span
              data-testid="bell-count"
              aria-hidden="true"
              className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-gold-400 px-1 text-center text-[11px] font-bold leading-5 text-pitch-950"
            >
              {badge}
            </span>
          ) : null}
        </>
      }
    >
      {(close) => (
        <div className="flex flex-col">
          <div className="flex items-center justify-between gap-2 px-3 pb-2">
            <p className="text-sm font-bold text-ink">{t('alerts.bell.label')}</p>
            {unread > 0 ? (
              <button
                type="button"
                className="rounded text-xs font-semibold text-gold-300 hover:underline"
                onClick={() => markRead.mutate('all')}
              >
                {t('alerts.bell.markAllRead')}
              </button>
            ) : null}
          </div>
          {items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-ink-muted">{t('alerts.bell.empty')}</p>
          ) : (
            <ul className="max-h-[60vh] overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/tipster-profile/${item.tipsterId}`}
                    className={ITEM}
                    onClick={() => {
                      if (!item.isRead) markRead.mutate(item.id);
                      close();
                    }}
                  >
                    <span className="flex items-center gap-2 font-semibold text-ink">
                      {item.isRead ? null : (
                        <span className="size-2 shrink-0 rounded-full bg-gold-400">
                          <span className="sr-only">{t('alerts.item.unread')}</span>
                        </span>
                      )}
                      {t('alerts.item.newTip', { tipster: item.tipsterName })}
                    </span>
                    <span className="text-ink-muted">{matchTitle(item.homeTeam, item.awayTeam)}</span>
                    <span className="text-xs text-ink-subtle">
                      {t('alerts.item.kickoff', { time: formatKickOff(item.eventTime) })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <hr className="my-1.5 border-line" />
          <Link to="/notifications" className={`${ITEM} font-semibold text-gold-200`} onClick={close}>
            {t('alerts.bell.seeAll')}
          </Link>
        </div>
      )}
    </DropdownMenu>
  );
}
