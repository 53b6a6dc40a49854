import { MESSAGES, VERIFY_REDIRECT_MS } from '@tips/contract/rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { apiErrorStatus, firstErrorMessage } from '../../../lib/api-errors';
import { useMessageText } from '../../../lib/api-messages';
import { verifyEmail } from '../api/auth-api';
import { AuthLayout } from './auth-layout';
import { ResendVerificationForm } from './resend-verification-form';

// #21.7 (a change to SPEC §8's silent failure, docs/decisions/090): without a code, or with one the
// server refuses, the page says so and offers a new link instead of "Confirming…" for ever.
type Status = 'verifying' | 'verified' | 'failed' | 'noCode';

export function VerifyEmailPage({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(code ? 'verifying' : 'noCode');
  // Why the code was not accepted: only a 400 means the link itself is bad; a rate limit or an
  // outage says so, so nobody asks for a new link that would not help.
  const [failure, setFailure] = useState<string>(MESSAGES.verifyCodeInvalid);
  // A code is single use: StrictMode's second effect run must not send it again.
  const sentCode = useRef<string | null>(null);

  useEffect(() => {
    if (!code || sentCode.current === code) return;
    sentCode.current = code;
    setStatus('verifying');
    verifyEmail(code).then(
      () => setStatus('verified'),
      (error: unknown) => {
        const status = apiErrorStatus(error);
        setFailure(
          status === 400 || status === undefined
            ? MESSAGES.verifyCodeInvalid
            : (firstErrorMessage(error) ?? MESSAGES.verifyCodeInvalid),
        );
        setStatus('failed');
      },
    );
  }, [code]);

  useEffect(() => {
    if (status !== 'verified') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  return (
    <AuthLayout
      title={t('pages.verifyEmail.title')}
      description={
        status === 'failed' || status === 'noCode'
          ? t('ux.verify.description')
          : t('pages.verifyEmail.description')
      }
    >
      <div className="flex flex-col items-center gap-4 text-center">
        {status === 'verifying' ? <Spinner size="lg" label={t('account.verify.verifying')} /> : null}
        {status === 'verified' ? (
          <div role="status" className="flex flex-col items-center gap-4">
            <span className="grid size-14 place-items-center rounded-full bg-win/15 text-win">
              <CheckCircleIcon className="size-7" />
            </span>
            <p className="text-lg font-semibold text-ink">{messageText(MESSAGES.emailVerified)}</p>
          </div>
        ) : null}
        {status === 'failed' || status === 'noCode' ? (
          <div role="alert" className="flex flex-col items-center gap-3">
            <span className="grid size-14 place-items-center rounded-full bg-loss/15 text-loss">
              <AlertIcon className="size-7" />
            </span>
            <p className="text-lg font-semibold text-ink" data-testid="verify-email-problem">
              {status === 'failed' ? messageText(failure) : t('ux.verify.noCode')}
            </p>
          </div>
        ) : null}
        {status === 'failed' || status === 'noCode' ? <ResendVerificationForm /> : null}
        {status !== 'verifying' && status !== 'verified' ? (
          <Link to="/login" className={buttonClasses('secondary', 'md')}>
            {t('account.common.goToLogin')}
          </Link>
        ) : null}
      </div>
    </AuthLayout>
  );
}
