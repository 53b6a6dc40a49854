import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-3 rounded-card border border-dashed border-line-strong px-6 py-12 text-center',
        className,
      )}
    >
      {icon ? (
        <div className="grid size-14 place-items-center rounded-full bg-pitch-800 text-gold-300">{icon}</div>
      ) : null}
      <p className="font-display text-xl font-bold uppercase tracking-wide text-ink">{title}</p>
      {description ? <div className="max-w-md text-sm text-ink-muted">{description}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
