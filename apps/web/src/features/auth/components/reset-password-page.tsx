import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';

export function ResetPasswordPage(_props: { code: string | null }) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('pages.resetPassword.title')} description={t('pages.resetPassword.description')} />
  );
}
