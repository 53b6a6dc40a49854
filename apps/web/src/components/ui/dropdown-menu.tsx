import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { cx } from '../../lib/cx';

interface DropdownMenuProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Rendered inside the panel; receives `close` so an item can close the menu. */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  triggerClassName?: string;
  panelClassName?: string;
  /** Accessible name when `label` is not text. */
  ariaLabel?: string;
}

/**
 * A disclosure menu (button + panel of links), the pattern WAI recommends for site navigation:
 * Escape closes and returns focus, an outside click or a route change closes.
 */
export function DropdownMenu({
  label,
  children,
  align = 'start',
  triggerClassName,
  panelClassName,
  ariaLabel,
}: DropdownMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on navigation is the point.
  useEffect(() => {
    setIsOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      triggerRef.current?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) setIsOpen(false);
    };
    const root = rootRef.current;
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setIsOpen((open) => !open)}
        className={triggerClassName}
      >
        {label}
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className={cx(
          'absolute top-full z-40 mt-2 min-w-56 animate-rise-in rounded-xl border border-line-strong bg-pitch-900 p-2 shadow-2xl',
          align === 'end' ? 'end-0' : 'start-0',
          panelClassName,
        )}
      >
        {isOpen ? children(() => setIsOpen(false)) : null}
      </div>
    </div>
  );
}
