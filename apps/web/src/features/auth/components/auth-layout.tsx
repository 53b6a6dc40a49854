import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/layout/page-meta';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { ShieldIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';

interface AuthLayoutProps {
  title: string;
  description: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** For longer forms (sign-up): two columns of fields from small tablets up. */
  wide?: boolean;
}

/** The centred card the sign-in and account-recovery pages share. */
export function AuthLayout({ title, description, children, footer, wide = false }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center bg-hero py-12 md:py-20">
      <PageMeta title={title} description={description} />
      <Container className="flex justify-center">
        <Card className={cx('w-full p-6 md:p-8', wide ? 'max-w-2xl' : 'max-w-md')}>
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-gold-400/12 text-gold-300 ring-1 ring-gold-400/30">
              <ShieldIcon className="size-6" />
            </span>
            <h1 className="font-display text-3xl font-extrabold uppercase tracking-wide">{title}</h1>
            <p className="text-sm text-ink-muted">{description}</p>
          </div>
          {children ?? (
            <p className="rounded-lg border border-dashed border-line-strong px-4 py-6 text-center text-sm text-ink-muted">
              {t('common.comingSoon')}
            </p>
          )}
          {footer ? (
            <div className="mt-6 border-t border-line pt-5 text-center text-sm text-ink-muted">{footer}</div>
          ) : null}
        </Card>
      </Container>
    </div>
  );
}
