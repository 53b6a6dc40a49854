import { type ReactNode, useId } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

interface DashboardSectionProps {
  title: string;
  /** Beside the title: a count or a link. */
  aside?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function DashboardSection({ title, aside, footer, children, testId }: DashboardSectionProps) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold uppercase tracking-wide text-gold-200">
          {title}
        </h2>
        {aside}
      </div>
      {children}
      {footer ? <div className="border-t border-line pt-3 text-sm text-ink-muted">{footer}</div> : null}
    </Card>
  );
}

export function SectionSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** A list that did not load: the SPEC swallows list errors, so this is quiet, with a retry. */
export function SectionRetry({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className="w-fit text-sm font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200"
    >
      {label}
    </button>
  );
}

export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-ink-muted">
      {children}
    </p>
  );
}
