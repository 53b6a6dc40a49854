import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

/**
 * The page's content column. `page-column` lets the shell keep a gutter clear for the floating
 * cart button (styles.css, issue #30.7).
 */
export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx('page-column mx-auto w-full max-w-[1320px] px-4 md:px-6 xl:max-w-[1480px]', className)}
      {...rest}
    />
  );
}
