import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';
import { RefreshIcon } from './public-icons';

/** A list that could not be loaded: says so in place and offers to try again. */
export function ListError({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={className}>
      <EmptyState
        icon={<AlertIcon className="size-7" />}
        title={t('list.errorTitle')}
        description={t('list.errorText')}
        action={
          <Button variant="secondary" size="sm" onClick={onRetry} icon={<RefreshIcon className="size-4" />}>
            {t('list.retry')}
          </Button>
        }
      />
    </div>
  );
}
