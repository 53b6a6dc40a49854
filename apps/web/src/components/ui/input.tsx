import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from '../../lib/cx';
import { CONTROL_CLASSES, Field, fieldDescriptionIds } from './field';

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

export function Input({ label, hint, error, id, className, ...rest }: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} hint={hint} error={error}>
      <input
        id={inputId}
        className={cx(CONTROL_CLASSES, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescriptionIds(inputId, hint, error)}
        {...rest}
      />
    </Field>
  );
}
