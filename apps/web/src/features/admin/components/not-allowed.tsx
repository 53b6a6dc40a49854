import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ShieldIcon } from '../../../components/ui/icons';

export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<ShieldIcon className="size-7" />}
      title={t('backoffice.common.notAllowedTitle')}
      description={t('backoffice.common.notAllowed')}
    />
  );
}
