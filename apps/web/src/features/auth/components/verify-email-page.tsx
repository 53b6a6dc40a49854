import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';

export function VerifyEmailPage(_props: { code: string | null }) {
  const { t } = useTranslation();
  return <AuthLayout title={t('pages.verifyEmail.title')} description={t('pages.verifyEmail.description')} />;
}
