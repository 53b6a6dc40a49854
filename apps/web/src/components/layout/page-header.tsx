import type { ReactNode } from 'react';
import { Container } from '../ui/container';

interface PageHeaderProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  lede?: ReactNode;
  actions?: ReactNode;
}

/** The band at the top of inner pages that holds the page's one <h1>. */
export function PageHeader({ title, eyebrow, lede, actions }: PageHeaderProps) {
  return (
    <div className="border-b border-line bg-hero">
      <Container className="flex flex-col gap-4 py-10 md:flex-row md:items-end md:justify-between md:py-14">
        <div className="min-w-0 max-w-3xl">
          {eyebrow ? (
            <p className="mb-2 text-xs font-bold uppercase tracking-[0.2em] text-gold-300">{eyebrow}</p>
          ) : null}
          <h1 className="font-display text-3xl font-extrabold uppercase tracking-wide break-words hyphens-auto text-ink md:text-4xl lg:text-5xl">
            {title}
          </h1>
          {lede ? <p className="mt-3 text-base text-ink-muted md:text-lg">{lede}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3 md:shrink-0">{actions}</div> : null}
      </Container>
    </div>
  );
}
