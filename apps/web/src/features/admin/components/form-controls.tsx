import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { CONTROL_CLASSES, Field, fieldDescriptionIds } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
}

export function TextArea({ label, hint, error, className, rows = 3, ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={rows}
        className={cx(CONTROL_CLASSES, 'h-auto py-2.5', className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescriptionIds(id, hint, error)}
        {...rest}
      />
    </Field>
  );
}

/** The API's answer to a failed action, announced as it appears. */
export function ErrorNote({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-loss/40 bg-loss/10 px-3.5 py-3 text-sm font-medium text-loss"
    >
      <AlertIcon className="mt-0.5 size-4.5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2
      id={id}
      className="mb-3 font-display text-xl font-bold uppercase tracking-wide text-gold-200 md:text-2xl"
    >
      {children}
    </h2>
  );
}
