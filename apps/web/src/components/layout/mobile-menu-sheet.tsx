import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useIsSignedIn } from '../../lib/auth-tokens';
import { formatCreditAmount } from '../../lib/format';
import { useUserProfileStore } from '../../stores/user-profile-store';
import { buttonClasses } from '../ui/button';
import { GlobeIcon, LogoutIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { MENU_ITEM } from './desktop-nav';
import { useCurrentLanguage, useLanguageModal } from './language-switch';
import { startLogout } from './logout-action';
import { isNavGroup, MEMBER_LINKS, PRIMARY_NAV, VISITOR_LINKS } from './nav-links';
import { OddsFormatSwitch } from './odds-format-switch';

function MemberSection({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const balance = useUserProfileStore((state) => state.balance);
  const language = useCurrentLanguage();
  return (
    <div className="flex flex-col gap-1">
      <div className="mb-1 flex items-center justify-between gap-3 rounded-lg bg-pitch-850 px-3 py-3">
        <span>
          <span className="block text-xs uppercase tracking-wide text-ink-subtle">{t('nav.balance')}</span>
          <span className="font-bold text-gold-200">
            {t('nav.creditsValue', { value: formatCreditAmount(balance, language) })}
          </span>
        </span>
        <NavLink to={MEMBER_LINKS.fundAccount.to} className={buttonClasses('primary', 'sm')}>
          {t('nav.topUp')}
        </NavLink>
      </div>
      <NavLink to={MEMBER_LINKS.dashboard.to} className={MENU_ITEM}>
        {t(MEMBER_LINKS.dashboard.labelKey)}
      </NavLink>
      <NavLink to={MEMBER_LINKS.fundAccount.to} className={MENU_ITEM}>
        {t(MEMBER_LINKS.fundAccount.labelKey)}
      </NavLink>
      <button
        type="button"
        className={MENU_ITEM}
        onClick={() => {
          onClose();
          startLogout();
        }}
      >
        <LogoutIcon className="size-4.5 flip-rtl" />
        {t('nav.logout')}
      </button>
    </div>
  );
}

export function MobileMenuSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const isSignedIn = useIsSignedIn();
  const openLanguageModal = useLanguageModal((state) => state.open);

  return (
    <Modal open onClose={onClose} title={t('a11y.menu')} placement="end" closeLabel={t('a11y.closeMenu')}>
      <nav aria-label={t('a11y.mainNav')} className="flex flex-col gap-4">
        {isSignedIn ? <MemberSection onClose={onClose} /> : null}
        {PRIMARY_NAV.map((entry) =>
          isNavGroup(entry) ? (
            <div key={entry.id}>
              <p className="px-3 pb-1 text-xs font-bold uppercase tracking-[0.18em] text-gold-300">
                {t(entry.labelKey)}
              </p>
              <ul>
                {entry.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className={MENU_ITEM}>
                      {t(item.labelKey)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <NavLink key={entry.to} to={entry.to} end={entry.end} className={`${MENU_ITEM} text-base`}>
              {t(entry.labelKey)}
            </NavLink>
          ),
        )}
        <hr className="border-line" />
        {isSignedIn ? null : (
          <div className="grid grid-cols-2 gap-2">
            <NavLink to={VISITOR_LINKS.login.to} className={buttonClasses('secondary', 'md')}>
              {t(VISITOR_LINKS.login.labelKey)}
            </NavLink>
            <NavLink to={VISITOR_LINKS.register.to} className={buttonClasses('primary', 'md')}>
              {t(VISITOR_LINKS.register.labelKey)}
            </NavLink>
          </div>
        )}
        <button
          type="button"
          className={MENU_ITEM}
          onClick={() => {
            onClose();
            openLanguageModal();
          }}
        >
          <GlobeIcon className="size-4.5" />
          {t('nav.changeLanguage')}
        </button>
        <OddsFormatSwitch className="px-3" />
      </nav>
    </Modal>
  );
}
