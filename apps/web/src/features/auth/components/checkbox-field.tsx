import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
}

export function CheckboxField({ label, error, id, ...rest }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-line-strong accent-gold-400"
          {...rest}
        />
        <label htmlFor={inputId} className="cursor-pointer text-sm text-ink">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="ps-8 text-sm font-medium text-loss">
          {error}
        </p>
      ) : null}
    </div>
  );
}
