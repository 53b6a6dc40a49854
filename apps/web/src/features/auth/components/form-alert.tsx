import { AlertIcon } from '../../../components/ui/icons';

/** A form-level error (the server's answer), announced to screen readers as it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
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
