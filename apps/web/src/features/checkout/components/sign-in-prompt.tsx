import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { UserIcon } from '../../../components/ui/icons';

/** SPEC §2: visitors are invited to sign in (credits, the dashboard's Running Tips). */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-gold-400/30 bg-gold-400/8 p-4">
      <p className="flex items-start gap-2.5 text-sm text-ink">
        <UserIcon className="mt-0.5 size-5 shrink-0 text-gold-300" />
        <span>{t('account.checkout.signInPrompt')}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to="/login" size="sm">
          {t('nav.login')}
        </ButtonLink>
        <ButtonLink to="/register" variant="secondary" size="sm">
          {t('nav.register')}
        </ButtonLink>
      </div>
    </div>
  );
}
