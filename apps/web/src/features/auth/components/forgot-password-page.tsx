import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, RESET_CODE_TTL_MINUTES } from '@tips/contract/rules';
import { type ForgotPasswordBody, ForgotPasswordBodySchema } from '@tips/contract/users.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MailIcon } from '../../../components/ui/icons';
import { Input } from '../../../components/ui/input';
import { firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { useSupportEmail } from '../../../lib/public-config';
import { useRequestPasswordReset } from '../api/auth-api';
import { AuthLayout } from './auth-layout';
import { AUTH_LINK } from './auth-link';
import { FormAlert } from './form-alert';

function ResetLinkSent({ email }: { email: string }) {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  return (
    <div role="status" className="flex flex-col items-center gap-4 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-win/15 text-win">
        <MailIcon className="size-7" />
      </span>
      <p className="text-lg font-semibold text-ink">{t('account.forgot.sentTitle')}</p>
      <p className="text-sm text-ink-muted">{t('account.forgot.sent', { email })}</p>
      <p className="text-sm text-ink-muted">{t('account.forgot.checkSpam')}</p>
      <p className="text-sm font-semibold text-gold-200">
        {t('account.forgot.validFor', { minutes: RESET_CODE_TTL_MINUTES })}
      </p>
      <p className="text-sm text-ink-muted">
        {t('account.forgot.needHelp')}{' '}
        <a href={`mailto:${supportEmail}`} className={AUTH_LINK}>
          {t('account.forgot.contactSupport')}
        </a>
      </p>
    </div>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const resetRequest = useRequestPasswordReset();
  const messageText = useMessageText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    defaultValues: { Email: '' },
  });

  const onSubmit = handleSubmit(async ({ Email }) => {
    try {
      await resetRequest.mutateAsync(Email);
      setSentTo(Email);
    } catch (error) {
      setError('root', { message: firstErrorMessage(error) ?? MESSAGES.internal });
    }
  });

  const errorText = (message: string | undefined) => (message ? messageText(message) : undefined);

  return (
    <AuthLayout
      title={t('pages.forgotPassword.title')}
      description={t('pages.forgotPassword.description')}
      footer={
        <Link to="/login" className={AUTH_LINK}>
          {t('account.common.backToLogin')}
        </Link>
      }
    >
      {sentTo ? (
        <ResetLinkSent email={sentTo} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormAlert message={errorText(errors.root?.message)} />
          <Input
            label={t('account.fields.email')}
            type="email"
            autoComplete="email"
            error={errorText(errors.Email?.message)}
            {...register('Email')}
          />
          <Button type="submit" size="lg" isLoading={isSubmitting} className="mt-2 w-full">
            {t('account.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
