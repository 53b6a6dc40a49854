import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartStore } from '../../stores/cart-store';
import { Button, type ButtonSize } from '../ui/button';
import { CartIcon } from '../ui/icons';

// The popup's code (and the modal's) is only needed once someone buys: keep it off the first paint.
const AddedToCartDialog = lazy(() =>
  import('./added-to-cart-dialog').then((module) => ({ default: module.AddedToCartDialog })),
);

interface BuyNowButtonProps {
  tipId: number;
  /** An AI card's plan: the line is bought as this plan (the monthly plan sells the weekly plan's pick). */
  planId?: number;
  /** Label key: BUY NOW on tip cards, SUBSCRIBE on AI plans. */
  labelKey?: 'tipCard.buyNow' | 'aiTipsPage.subscribe';
  /** Extra words for screen readers, e.g. which match the button buys. */
  accessibleContext?: string;
  size?: ButtonSize;
  className?: string;
}

/** SPEC §2/§4: adds the tip to the cart and opens the 'Message' popup (Checkout / Continue). */
export function BuyNowButton({
  tipId,
  planId,
  labelKey = 'tipCard.buyNow',
  accessibleContext,
  size = 'sm',
  className,
}: BuyNowButtonProps) {
  const { t } = useTranslation();
  const addTip = useCartStore((state) => state.addTip);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        className={className}
        icon={<CartIcon className="size-4" />}
        onClick={() => {
          addTip(tipId, planId);
          setIsDialogOpen(true);
        }}
      >
        {t(labelKey)}
        {accessibleContext ? <span className="sr-only">: {accessibleContext}</span> : null}
      </Button>
      {isDialogOpen ? (
        <Suspense fallback={null}>
          <AddedToCartDialog open onClose={() => setIsDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
