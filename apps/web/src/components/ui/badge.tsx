import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

export type BadgeTone = 'gold' | 'green' | 'neutral' | 'win' | 'loss' | 'info';

const TONES: Record<BadgeTone, string> = {
  gold: 'bg-gold-400/15 text-gold-200 ring-gold-400/40',
  green: 'bg-pitch-500/25 text-pitch-300 ring-pitch-400/40',
  neutral: 'bg-white/8 text-ink-muted ring-white/15',
  win: 'bg-win/15 text-win ring-win/40',
  loss: 'bg-loss/15 text-loss ring-loss/40',
  info: 'bg-info/15 text-info ring-info/40',
};

interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  /** A short explanation, shown on hover. */
  title?: string;
}

export function Badge({ tone = 'neutral', children, className, title }: BadgeProps) {
  return (
    <span
      title={title}
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
