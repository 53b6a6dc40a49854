import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCartCount } from '../../stores/cart-store';
import { CartIcon } from '../ui/icons';

export const CHECKOUT_PATH = '/cart/checkout';

/** SPEC §2: shown while the cart holds tips; leads to checkout. */
export function FloatingCartButton() {
  const { t } = useTranslation();
  const count = useCartCount();
  const { pathname } = useLocation();
  const isShown = count > 0 && pathname !== CHECKOUT_PATH;
  // The content column keeps a gutter clear of the button while it shows (styles.css).
  useEffect(() => {
    if (!isShown) return;
    document.documentElement.dataset.floatingCart = '';
    return () => {
      delete document.documentElement.dataset.floatingCart;
    };
  }, [isShown]);
  if (!isShown) return null;
  return (
    <Link
      to={CHECKOUT_PATH}
      className="fixed bottom-20 end-4 z-30 grid size-14 animate-rise-in place-items-center rounded-full bg-gradient-to-b from-gold-300 to-gold-500 text-pitch-950 shadow-gold transition-transform hover:scale-105 md:end-6"
    >
      <CartIcon className="size-6" />
      <span
        aria-hidden="true"
        className="absolute -end-1 -top-1 grid h-6 min-w-6 place-items-center rounded-full bg-pitch-950 px-1.5 text-xs font-bold text-gold-200 ring-2 ring-gold-400"
      >
        {count}
      </span>
      <span className="sr-only">{t('a11y.cartWithCount', { count })}</span>
    </Link>
  );
}
