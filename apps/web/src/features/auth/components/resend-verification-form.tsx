import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@tips/contract/rules';
import { type ResendVerificationBody, ResendVerificationBodySchema } from '@tips/contract/users.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { resendVerification } from '../api/auth-api';
import { FormAlert } from './form-alert';

/** #21.7: a lost, used or expired verification link is not a dead end: ask for a new one. */
export function ResendVerificationForm() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResendVerificationBody>({
    resolver: zodResolver(ResendVerificationBodySchema),
    defaultValues: { Email: '' },
  });

  const onSubmit = handleSubmit(async ({ Email }) => {
    try {
      setSent((await resendVerification(Email)) ?? MESSAGES.verificationResent);
    } catch (error) {
      setError('root', { message: firstErrorMessage(error) ?? MESSAGES.internal });
    }
  });

  if (sent) {
    return (
      <p role="status" className="text-sm text-ink">
        {messageText(sent)}
      </p>
    );
  }
  const errorText = (message: string | undefined) => (message ? messageText(message) : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-4 text-start">
      <p className="text-sm text-ink-muted">{t('ux.verify.resendIntro')}</p>
      <FormAlert message={errorText(errors.root?.message)} />
      <Input
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        error={errorText(errors.Email?.message)}
        {...register('Email')}
      />
      <Button type="submit" size="lg" isLoading={isSubmitting} className="w-full">
        {t('ux.verify.resend')}
      </Button>
    </form>
  );
}
