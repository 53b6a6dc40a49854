import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { formatCreditAmount } from '../../lib/format';
import { useRoles } from '../../lib/roles';
import { useUserProfileStore } from '../../stores/user-profile-store';
import { buttonClasses } from '../ui/button';
import { DropdownMenu } from '../ui/dropdown-menu';
import {
  ChevronDownIcon,
  DashboardIcon,
  GlobeIcon,
  LogoutIcon,
  ShieldIcon,
  TrophyIcon,
  WalletIcon,
} from '../ui/icons';
import { Avatar } from './avatar';
import { MENU_ITEM } from './desktop-nav';
import { useCurrentLanguage, useLanguageModal } from './language-switch';
import { startLogout } from './logout-action';
import { MEMBER_LINKS } from './nav-links';
import { NotificationBell } from './notification-bell';

/** The balance as a header chip on wide screens; narrower ones show it inside the user menu. */
function BalanceChip() {
  const { t } = useTranslation();
  const balance = useUserProfileStore((state) => state.balance);
  const language = useCurrentLanguage();
  return (
    <Link
      to={MEMBER_LINKS.fundAccount.to}
      className="hidden h-10 items-center gap-2 whitespace-nowrap rounded-full border border-gold-400/40 bg-gold-400/10 px-3.5 text-sm font-bold text-gold-200 transition-colors hover:border-gold-300 hover:bg-gold-400/15 lg:inline-flex"
    >
      <WalletIcon className="size-4" />
      {/* Between 1200 and 1600 px the number alone (the word is read out and shown from 1600 px):
          the German or Russian header did not fit otherwise (issue #30.3). */}
      <span aria-hidden="true" className="xl:hidden">
        {formatCreditAmount(balance, language)}
      </span>
      <span className="max-xl:sr-only">
        {t('nav.creditsValue', { value: formatCreditAmount(balance, language) })}
      </span>
      <span className="sr-only">– {t('nav.fundAccount')}</span>
    </Link>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const { username, profileImage, balance } = useUserProfileStore();
  const language = useCurrentLanguage();
  const openLanguageModal = useLanguageModal((state) => state.open);
  const roles = useRoles();
  const displayName = username ?? t('nav.account');

  return (
    <DropdownMenu
      align="end"
      ariaLabel={t('a11y.accountMenu', { name: displayName })}
      triggerClassName="flex h-11 items-center gap-2 rounded-full py-1 ps-1 pe-2 transition-colors hover:bg-white/6 aria-expanded:bg-white/6"
      label={
        <>
          <Avatar name={username} imageUrl={profileImage} />
          {/* From 1600 px only: between 1200 and 1600 px the navigation, the balance and a long name
              together overflowed the header in German, French, Russian … (issue #30.3); the name
              is always in the menu it opens. */}
          <span className="hidden max-w-32 truncate text-sm font-semibold text-ink xl:inline">
            {displayName}
          </span>
          <ChevronDownIcon className="size-4 text-ink-muted max-sm:hidden" />
        </>
      }
      panelClassName="w-64"
    >
      {(close) => (
        <div className="flex flex-col">
          <div className="mb-2 rounded-lg bg-pitch-850 px-3 py-3">
            <p className="truncate text-sm font-semibold text-ink">{displayName}</p>
            <p className="mt-1 text-xs uppercase tracking-wide text-ink-subtle">{t('nav.balance')}</p>
            <p className="text-lg font-bold text-gold-200">
              {t('nav.creditsValue', { value: formatCreditAmount(balance, language) })}
            </p>
            <Link
              to={MEMBER_LINKS.fundAccount.to}
              onClick={close}
              className={buttonClasses('primary', 'sm', 'mt-2 w-full')}
            >
              {t('nav.topUp')}
            </Link>
          </div>
          <NavLink to={MEMBER_LINKS.dashboard.to} className={MENU_ITEM} onClick={close}>
            <DashboardIcon className="size-4.5" />
            {t(MEMBER_LINKS.dashboard.labelKey)}
          </NavLink>
          <NavLink to={MEMBER_LINKS.fundAccount.to} className={MENU_ITEM} onClick={close}>
            <WalletIcon className="size-4.5" />
            {t(MEMBER_LINKS.fundAccount.labelKey)}
          </NavLink>
          {roles.includes('tipster') ? (
            <NavLink to="/tipster" className={MENU_ITEM} onClick={close}>
              <TrophyIcon className="size-4.5" />
              {t('backoffice.nav.tipster')}
            </NavLink>
          ) : null}
          {roles.includes('admin') ? (
            <NavLink to="/admin" className={MENU_ITEM} onClick={close}>
              <ShieldIcon className="size-4.5" />
              {t('backoffice.nav.admin')}
            </NavLink>
          ) : null}
          <button
            type="button"
            className={MENU_ITEM}
            onClick={() => {
              close();
              openLanguageModal();
            }}
          >
            <GlobeIcon className="size-4.5" />
            {t('nav.changeLanguage')}
          </button>
          <hr className="my-1.5 border-line" />
          <button
            type="button"
            className={MENU_ITEM}
            onClick={() => {
              close();
              startLogout();
            }}
          >
            <LogoutIcon className="size-4.5 flip-rtl" />
            {t('nav.logout')}
          </button>
        </div>
      )}
    </DropdownMenu>
  );
}

export function MemberActions() {
  return (
    <>
      <NotificationBell />
      <BalanceChip />
      <UserMenu />
    </>
  );
}
