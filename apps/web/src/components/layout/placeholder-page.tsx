import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from '../ui/container';
import { EmptyState } from '../ui/empty-state';
import { SparkIcon } from '../ui/icons';
import { PageHeader } from './page-header';
import { PageMeta } from './page-meta';

interface PlaceholderPageProps {
  title: string;
  description: string;
  eyebrow?: ReactNode;
  noIndex?: boolean;
  /** Shown above the "being prepared" notice. */
  children?: ReactNode;
}

/** A page whose feature is not built yet: real title, metadata and layout, and an honest notice. */
export function PlaceholderPage({ title, description, eyebrow, noIndex, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={title} description={description} noIndex={noIndex} />
      <PageHeader title={title} eyebrow={eyebrow} lede={description} />
      <Container className="flex flex-col gap-8 py-10 md:py-14">
        {children}
        <EmptyState
          icon={<SparkIcon className="size-7" />}
          title={t('common.comingSoonTitle')}
          description={t('common.comingSoon')}
        />
      </Container>
    </>
  );
}
