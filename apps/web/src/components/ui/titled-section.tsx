import type { ReactNode } from 'react';

/** A block of the back office or the tipster portal under its own heading, which names it. */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="mb-3 font-display text-xl font-bold uppercase text-gold-200">
        {title}
      </h3>
      {children}
    </section>
  );
}
