import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('pages.register.title')}
      description={t('pages.register.description')}
      footer={
        <p>
          {t('auth.haveAccount')}{' '}
          <Link
            to="/login"
            className="font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200"
          >
            {t('nav.login')}
          </Link>
        </p>
      }
    />
  );
}
