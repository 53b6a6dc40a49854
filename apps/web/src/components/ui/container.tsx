import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

/** The page's content column. */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx('mx-auto w-full max-w-[1320px] px-4 md:px-6 xl:max-w-[1480px]', className)}
      {...rest}
    />
  );
}
