import { MESSAGES } from '@tips/contract/rules';
import type { LoginBody } from '@tips/contract/users.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { apiErrorStatus, firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { preloadLogIn, useLogIn } from '../api/use-log-in';
import { useRecaptcha } from '../hooks/use-recaptcha';
import { AuthLayout } from './auth-layout';
import { AUTH_LINK } from './auth-link';
import { FormAlert } from './form-alert';
import { RecaptchaNotice } from './recaptcha-notice';

export const DASHBOARD_PATH = '/dashboard';

// The schema and zod load when the form is first focused or sent, not with the page, like the code
// that sends it (decision 193).
const loginValidation = lazyZodResolver<LoginBody>(() =>
  import('@tips/contract/users.schemas').then((schemas) => schemas.LoginBodySchema),
);

function warmUp() {
  loginValidation.warm();
  preloadLogIn();
}

export function LoginPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const logIn = useLogIn();
  const getRecaptchaToken = useRecaptcha();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: loginValidation.resolver,
    defaultValues: { Username: '', Password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const RecaptchaToken = await getRecaptchaToken('login');
      await logIn.mutateAsync({ ...values, RecaptchaToken });
      navigate(DASHBOARD_PATH);
    } catch (error) {
      // SPEC §5: any failed login says the same; only "slow down" is worth telling apart.
      const message =
        apiErrorStatus(error) === 429
          ? (firstErrorMessage(error) ?? MESSAGES.rateLimited)
          : MESSAGES.invalidCredentials;
      setError('root', { message });
    }
  });

  const fieldError = (message: string | undefined) => (message ? messageText(message) : undefined);

  return (
    <AuthLayout
      title={t('pages.login.title')}
      description={t('pages.login.description')}
      footer={
        <div className="flex flex-col gap-2">
          <p>
            {t('auth.noAccount')}{' '}
            <Link to="/register" className={AUTH_LINK}>
              {t('nav.register')}
            </Link>
          </p>
          <Link to="/forgot-password" className={AUTH_LINK}>
            {t('auth.forgotPassword')}
          </Link>
        </div>
      }
    >
      <form onSubmit={onSubmit} onFocus={warmUp} noValidate className="flex flex-col gap-4">
        <FormAlert message={fieldError(errors.root?.message)} />
        <Input
          label={t('account.login.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldError(errors.Username?.message)}
          {...register('Username')}
        />
        <Input
          type="password"
          label={t('account.login.password')}
          autoComplete="current-password"
          error={fieldError(errors.Password?.message)}
          {...register('Password')}
        />
        <RecaptchaNotice />
        <Button type="submit" size="lg" isLoading={isSubmitting} className="mt-2 w-full">
          {t('account.login.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
