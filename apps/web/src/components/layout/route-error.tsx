import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../ui/button';
import { Container } from '../ui/container';
import { EmptyState } from '../ui/empty-state';
import { AlertIcon } from '../ui/icons';

function isChunkLoadError(error: unknown): boolean {
  // After a deploy the old page chunks are gone; a reload fetches the new ones.
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isStale = isChunkLoadError(error);
  if (import.meta.env.DEV) console.error(error);

  return (
    <Container className="py-16">
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title={isStale ? t('errors.updatedTitle') : t('errors.title')}
        description={
          isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : isStale
              ? t('errors.updated')
              : t('errors.generic')
        }
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
            <ButtonLink to="/" variant="secondary">
              {t('common.backHome')}
            </ButtonLink>
          </div>
        }
      />
    </Container>
  );
}
