import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'aside' | 'li';
  padded?: boolean;
}

export function Card({ as: Element = 'div', padded = true, className, ...rest }: CardProps) {
  return (
    <Element
      className={cx(
        'rounded-card border border-line bg-panel shadow-card',
        padded && 'p-5 md:p-6',
        className,
      )}
      {...rest}
    />
  );
}
