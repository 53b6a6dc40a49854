import { cx } from '../../lib/cx';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Announced to screen readers; omit when the surrounding control already says it is busy. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cx('inline-flex', className)}>
      <svg className={cx('animate-spin', SIZES[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
