import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, buttonClasses } from '../ui/button';
import { CartIcon } from '../ui/icons';
import { Modal } from '../ui/modal';

export const CHECKOUT_PATH = '/cart/checkout';

interface AddedToCartDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * SPEC §2/§4: the popup titled 'Message' after a tip goes into the cart. Checkout leaves for
 * /cart/checkout; Continue (or Escape, or the backdrop) closes it. Also used by the dashboard.
 */
export function AddedToCartDialog({ open, onClose }: AddedToCartDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const checkoutRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('addedToCart.title')}
      size="sm"
      closeLabel={t('common.close')}
      initialFocusRef={checkoutRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('addedToCart.continue')}
          </Button>
          <button
            ref={checkoutRef}
            type="button"
            className={buttonClasses('primary', 'md')}
            onClick={() => {
              onClose();
              navigate(CHECKOUT_PATH);
            }}
          >
            <CartIcon className="size-4.5" />
            {t('addedToCart.checkout')}
          </button>
        </>
      }
    >
      <div className="flex items-center gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-win/15 text-win ring-1 ring-win/40">
          <CartIcon className="size-6" />
        </span>
        <p className="text-ink">{t('addedToCart.message')}</p>
      </div>
    </Modal>
  );
}
