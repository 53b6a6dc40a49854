import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { cx } from '../../lib/cx';
import { DropdownMenu } from '../ui/dropdown-menu';
import { ChevronDownIcon } from '../ui/icons';
import { isNavGroup, type NavGroup, PRIMARY_NAV } from './nav-links';

const TOP_LINK =
  'inline-flex h-10 items-center gap-1 whitespace-nowrap rounded-full px-2.5 text-sm font-semibold text-ink-muted transition-colors hover:bg-white/6 hover:text-ink aria-[current=page]:text-gold-300 aria-expanded:bg-white/6 aria-expanded:text-ink';

export const MENU_ITEM =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-ink-muted transition-colors hover:bg-white/6 hover:text-ink aria-[current=page]:bg-gold-400/10 aria-[current=page]:text-gold-200';

function isGroupActive(group: NavGroup, pathname: string): boolean {
  return group.items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
}

export function DesktopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('a11y.mainNav')} className="hidden lg:block">
      <ul className="flex items-center gap-0.5">
        {PRIMARY_NAV.map((entry) =>
          isNavGroup(entry) ? (
            <li key={entry.id}>
              <DropdownMenu
                label={
                  <>
                    {t(entry.labelKey)}
                    <ChevronDownIcon className="size-4 opacity-70" />
                  </>
                }
                triggerClassName={cx(TOP_LINK, isGroupActive(entry, pathname) && 'text-gold-300')}
              >
                {(close) => (
                  <ul>
                    {entry.items.map((item) => (
                      <li key={item.to}>
                        <NavLink to={item.to} end={item.end} className={MENU_ITEM} onClick={close}>
                          {t(item.labelKey)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                )}
              </DropdownMenu>
            </li>
          ) : (
            <li key={entry.to}>
              <NavLink to={entry.to} end={entry.end} className={TOP_LINK}>
                {t(entry.labelKey)}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
