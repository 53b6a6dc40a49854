import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MenuIcon } from '../ui/icons';

const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet').then((module) => ({ default: module.MobileMenuSheet })),
);

/** Phones and tablets (under 1200 px, where the full navigation does not fit in every language): a button that opens every shell link in a sheet. */
export function MobileMenu() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu.
  useEffect(() => {
    setIsOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-expanded={isOpen}
        aria-haspopup="dialog"
        className="grid size-11 place-items-center rounded-full text-ink hover:bg-white/8 lg:hidden"
      >
        <MenuIcon className="size-6" />
        <span className="sr-only">{t('a11y.openMenu')}</span>
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <MobileMenuSheet onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
