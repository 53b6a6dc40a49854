import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { type ToastVariant, useToastStore } from '../../stores/toast-store';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../ui/icons';

const VARIANT_STYLES: Record<ToastVariant, string> = {
  success: 'border-win/50 text-win',
  error: 'border-loss/50 text-loss',
  info: 'border-info/50 text-info',
};

const ICONS = { success: CheckCircleIcon, error: AlertIcon, info: InfoIcon } as const;

/**
 * Live region for notifications. It sits outside #root so that it stays announced while a
 * modal makes the page inert.
 */
export function ToastViewport() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  if (typeof document === 'undefined') return null;

  return createPortal(
    <section
      aria-label={t('a11y.notifications')}
      className="pointer-events-none fixed inset-x-0 top-20 z-[60] flex flex-col items-center gap-2 px-4 md:items-end md:px-6"
    >
      <ol aria-live="polite" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((toast) => {
          const Icon = ICONS[toast.variant];
          return (
            <li
              key={toast.id}
              role={toast.variant === 'error' ? 'alert' : 'status'}
              className={cx(
                'pointer-events-auto flex animate-rise-in items-start gap-3 rounded-xl border bg-pitch-900/95 p-4 shadow-2xl backdrop-blur',
                VARIANT_STYLES[toast.variant],
              )}
            >
              <Icon className="mt-0.5 size-5 shrink-0" />
              <p className="flex-1 text-sm font-medium text-ink">{toast.message}</p>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="-m-1 grid size-7 place-items-center rounded-full text-ink-muted hover:bg-white/8 hover:text-ink"
              >
                <CloseIcon className="size-4" />
                <span className="sr-only">{t('a11y.dismiss')}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>,
    document.body,
  );
}
