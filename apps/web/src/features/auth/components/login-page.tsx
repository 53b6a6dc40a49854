import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from './auth-layout';

const LINK =
  'font-semibold text-gold-300 underline decoration-gold-400/40 underline-offset-4 hover:text-gold-200';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('pages.login.title')}
      description={t('pages.login.description')}
      footer={
        <div className="flex flex-col gap-2">
          <p>
            {t('auth.noAccount')}{' '}
            <Link to="/register" className={LINK}>
              {t('nav.register')}
            </Link>
          </p>
          <Link to="/forgot-password" className={LINK}>
            {t('auth.forgotPassword')}
          </Link>
        </div>
      }
    />
  );
}
