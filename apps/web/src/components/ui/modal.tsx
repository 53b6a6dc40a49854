import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

// Open modals, innermost last: only the innermost reacts to Escape and traps Tab.
const openPanels: HTMLElement[] = [];

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

function setBackgroundInert(isInert: boolean): void {
  const root = document.getElementById('root');
  if (isInert) root?.setAttribute('inert', '');
  else root?.removeAttribute('inert');
  document.documentElement.classList.toggle('overflow-hidden', isInert);
}

function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const focusable = focusableIn(panel);
  if (focusable.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

function useModalBehaviour(
  panelRef: RefObject<HTMLDivElement | null>,
  onClose: () => void,
  initialFocusRef?: RefObject<HTMLElement | null>,
): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openPanels.push(panel);
    setBackgroundInert(true);
    (initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openPanels[openPanels.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openPanels.splice(openPanels.indexOf(panel), 1);
      if (openPanels.length === 0) setBackgroundInert(false);
      previouslyFocused?.focus();
    };
  }, [panelRef, initialFocusRef]);
}

export type ModalSize = 'sm' | 'md' | 'lg';
export type ModalPlacement = 'center' | 'end';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** `end` slides a full-height sheet in from the inline end (the mobile menu). */
  placement?: ModalPlacement;
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
}

const SIZES: Record<ModalSize, string> = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' };

/** An accessible dialog: focus moves in and is trapped, Escape and the backdrop close it. */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  children,
  footer,
  description,
  size = 'md',
  placement = 'center',
  initialFocusRef,
  closeLabel = 'Close',
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useModalBehaviour(panelRef, onClose, initialFocusRef);
  const isSheet = placement === 'end';

  return (
    <div
      className={cx('fixed inset-0 z-50 flex', isSheet ? 'justify-end' : 'items-center justify-center p-4')}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 animate-fade-in bg-pitch-950/75 backdrop-blur-sm"
        onMouseDown={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'relative flex flex-col border border-line-strong bg-pitch-900 shadow-2xl outline-none',
          isSheet
            ? 'h-full w-80 max-w-[88vw] animate-fade-in overflow-y-auto border-y-0 border-e-0'
            : cx('max-h-[90dvh] w-full animate-rise-in overflow-y-auto rounded-card', SIZES[size]),
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
          <div>
            <h2 id={titleId} className="font-display text-xl font-bold uppercase tracking-wide text-gold-200">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-ink-muted">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="-me-2 grid size-10 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-white/8 hover:text-ink"
          >
            <CloseIcon className="size-5" />
            <span className="sr-only">{closeLabel}</span>
          </button>
        </div>
        <div className="flex-1 px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-3 border-t border-line px-5 py-4">{footer}</div>
        ) : null}
      </div>
    </div>
  );
}
