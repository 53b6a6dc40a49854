import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('pages.forgotPassword.title')} description={t('pages.forgotPassword.description')} />
  );
}
