import { cx } from '../../lib/cx';

/** A placeholder block; give it the size of what it stands for so nothing shifts when data arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-pitch-700/60', className)} />;
}
