import type { AiPlanChoice } from '@tips/contract/rules';
import {
  Component,
  type ErrorInfo,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';

export interface PayButtonProps {
  tipIds: number[];
  /** Lines bought as another AI plan than their tip's own (an AI card's monthly plan). */
  plans?: AiPlanChoice[];
}

// The card-provider button and its provider's SDK are heavy: their own chunk, fetched late (below).
const PayButton = lazy(() =>
  import('../payments/paypal-pay-button').then((module) => ({ default: module.PaypalPayButton })),
);

const PILL =
  'inline-flex h-[33px] w-full min-w-28 items-center justify-center rounded-full bg-[#ffc439] px-5 text-sm font-bold italic tracking-wide text-[#1a2c5b]';

/** SPEC §9: 33 px high, gold, pill-shaped, labelled pay. Shown while the real button is not available. */
export function PayButtonPlaceholder({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" disabled className={cx(PILL, 'cursor-not-allowed opacity-80', className)}>
      {t('tipCard.pay')}
    </button>
  );
}

/**
 * Looks like the pay button; hovering, focusing or pressing it loads the real one (the "facade"
 * pattern for heavy third-party widgets), which then takes its place.
 */
function PayButtonFacade({ onWake, isWaking }: { onWake: () => void; isWaking: boolean }) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // When this pill is swapped for the real button while focused, keep keyboard focus in the slot
  // (on the next pill, or the slot itself) instead of dropping it to the page.
  useLayoutEffect(() => {
    const button = buttonRef.current;
    const slot = button?.closest<HTMLElement>('[data-pay-slot]');
    return () => {
      if (!slot || document.activeElement !== button) return;
      requestAnimationFrame(() => (slot.querySelector<HTMLElement>('button') ?? slot).focus());
    };
  }, []);
  return (
    <button
      ref={buttonRef}
      type="button"
      onPointerEnter={onWake}
      onFocus={onWake}
      onClick={onWake}
      aria-busy={isWaking || undefined}
      className={cx(PILL, 'transition-[filter] hover:brightness-105')}
    >
      {t('tipCard.pay')}
    </button>
  );
}

/** If the provider's script cannot load, the button throws (SPEC §8): keep the placeholder instead. */
class PayButtonBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.warn('Pay button unavailable', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

/** True once the element has come near the viewport (at once without IntersectionObserver). */
function useHasBeenNearViewport<T extends Element>(isEnabled: boolean): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [isNear, setIsNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!isEnabled || isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '120px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isEnabled, isNear]);
  return [ref, isNear];
}

interface PayButtonSlotProps extends PayButtonProps {
  /**
   * When to fetch the button's code and the provider's script: as the slot nears the viewport
   * (lists people came to buy from), or on the first hover, focus or press (the landing page,
   * whose first load must stay light).
   */
  loadOn?: 'visible' | 'interaction';
  className?: string;
}

/**
 * The card-payment button beside BUY NOW. Its code and the provider's script are heavy, so they
 * load late (see `loadOn`); until then, and if they fail, a pill of the same size holds the
 * space, so nothing shifts.
 */
export function PayButtonSlot({ tipIds, plans, loadOn = 'visible', className }: PayButtonSlotProps) {
  const [ref, isNear] = useHasBeenNearViewport<HTMLDivElement>(loadOn === 'visible');
  const [isAwake, setIsAwake] = useState(false);
  const placeholder = <PayButtonPlaceholder />;
  const shouldLoad = loadOn === 'visible' ? isNear : isAwake;
  return (
    <div
      ref={ref}
      data-pay-slot
      tabIndex={-1}
      className={cx('min-h-[33px] min-w-28 outline-none', className)}
    >
      {shouldLoad ? (
        <PayButtonBoundary fallback={placeholder}>
          <Suspense fallback={<PayButtonFacade onWake={() => {}} isWaking />}>
            <PayButton tipIds={tipIds} plans={plans} />
          </Suspense>
        </PayButtonBoundary>
      ) : (
        <PayButtonFacade onWake={() => setIsAwake(true)} isWaking={false} />
      )}
    </div>
  );
}
