import { MESSAGES, PASSWORD_MIN, RESET_REDIRECT_MS } from '@tips/contract/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { Input } from '../../../components/ui/input';
import { useMessageText } from '../../../lib/api-messages';
import { useResetPassword } from '../api/auth-api';
import { useCountdown } from '../hooks/use-countdown';
import { AuthLayout } from './auth-layout';
import { AUTH_LINK } from './auth-link';

/** SPEC §5: submitted only when both fields match, a code exists and the password is not empty. */
export function canSubmitReset(code: string | null, password: string, confirmation: string): boolean {
  return Boolean(code) && password.length > 0 && password === confirmation;
}

export function ResetPasswordPage({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const passwordReset = useResetPassword();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [status, setStatus] = useState<'entering' | 'sending' | 'success'>('entering');
  const secondsLeft = useCountdown(RESET_REDIRECT_MS / 1000, status === 'success', () =>
    navigate('/login', { replace: true }),
  );
  const canSubmit = canSubmitReset(code, password, confirmation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code || !canSubmit) return;
    setStatus('sending');
    try {
      await passwordReset.mutateAsync({ code, newPassword: password });
      setStatus('success');
    } catch {
      // SPEC §8: a failed reset shows no message.
      setStatus('entering');
    }
  };

  return (
    <AuthLayout
      title={t('pages.resetPassword.title')}
      description={t('pages.resetPassword.description')}
      footer={
        <Link to="/login" className={AUTH_LINK}>
          {t('account.common.backToLogin')}
        </Link>
      }
    >
      {status === 'success' ? (
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-win/15 text-win">
            <CheckCircleIcon className="size-7" />
          </span>
          <p className="text-lg font-semibold text-ink">{messageText(MESSAGES.passwordReset)}</p>
          <p className="text-sm text-ink-muted">{t('account.reset.redirecting', { seconds: secondsLeft })}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {code ? null : <p className="text-sm text-ink-muted">{t('account.reset.noCode')}</p>}
          <Input
            label={t('account.reset.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('account.fields.passwordHint', { min: PASSWORD_MIN })}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Input
            label={t('account.reset.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button
            type="submit"
            size="lg"
            disabled={!canSubmit}
            isLoading={status === 'sending'}
            className="mt-2 w-full"
          >
            {t('account.reset.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
