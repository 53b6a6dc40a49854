import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useIsSignedIn } from '../../lib/auth-tokens';
import { buttonClasses } from '../ui/button';
import { Container } from '../ui/container';
import { GlobeIcon } from '../ui/icons';
import { MemberActionsSlot } from './deferred';
import { DesktopNav } from './desktop-nav';
import { useCurrentLanguage, useLanguageModal } from './language-switch';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { VISITOR_LINKS } from './nav-links';
import { OddsFormatSwitch } from './odds-format-switch';

export function SiteHeader() {
  const { t } = useTranslation();
  const isSignedIn = useIsSignedIn();
  const language = useCurrentLanguage();
  const openLanguageModal = useLanguageModal((state) => state.open);

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-pitch-950/90 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-3 md:h-18">
        <Logo />
        <div className="flex flex-1 justify-center">
          <DesktopNav />
        </div>
        <div className="flex shrink-0 items-center gap-1.5 md:gap-2">
          {/* Compact at every width: the full labels ("Dezimal (2.50)") pushed the German, French
              and Indonesian member header past 1600 px (issue #30.3). */}
          <OddsFormatSwitch className="max-md:hidden" compact />
          <button
            type="button"
            onClick={openLanguageModal}
            className="hidden h-10 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 text-sm font-semibold uppercase text-ink-muted transition-colors hover:bg-white/6 hover:text-ink md:inline-flex"
          >
            <GlobeIcon className="size-5" />
            <span aria-hidden="true" className="max-lg:hidden">
              {language}
            </span>
            <span className="sr-only">{t('nav.changeLanguage')}</span>
          </button>
          {isSignedIn ? (
            <MemberActionsSlot />
          ) : (
            <>
              <NavLink to={VISITOR_LINKS.login.to} className={buttonClasses('ghost', 'sm', 'max-sm:hidden')}>
                {t(VISITOR_LINKS.login.labelKey)}
              </NavLink>
              <NavLink
                to={VISITOR_LINKS.register.to}
                className={buttonClasses('primary', 'sm', 'max-lg:hidden')}
              >
                {t(VISITOR_LINKS.register.labelKey)}
              </NavLink>
            </>
          )}
          <MobileMenu />
        </div>
      </Container>
    </header>
  );
}
