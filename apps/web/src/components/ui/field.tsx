import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

export function fieldDescriptionIds(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label, control, hint and error, wired for assistive technology. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-subtle">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-loss">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const CONTROL_CLASSES =
  'h-11 w-full rounded-lg border border-line-strong bg-pitch-950/60 px-3.5 text-sm text-ink placeholder:text-ink-subtle transition-colors hover:border-pitch-400 focus:border-gold-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-300 disabled:opacity-60 aria-invalid:border-loss';
