import { useMutation } from '@tanstack/react-query';
import { MESSAGES } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { firstErrorMessage } from '../../lib/api-errors';
import { useMessageText } from '../../lib/api-messages';
import { Button } from '../ui/button';

async function resendVerification(): Promise<string> {
  const response = await apiClient.post<{ message?: string }>('/users/email/resend');
  return response.data.message ?? MESSAGES.verificationEmailSent;
}

/**
 * Buying needs a verified email address (issue #19.9): where a purchase was refused for that
 * reason, this offers a new link and says what happened.
 */
export function ResendVerification() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const resend = useMutation({ mutationFn: resendVerification });
  const result = resend.isSuccess
    ? resend.data
    : resend.isError
      ? (firstErrorMessage(resend.error) ?? MESSAGES.unavailable)
      : null;
  return (
    <div className="flex flex-col items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        isLoading={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate()}
        data-testid="resend-verification"
      >
        {t('hardening.verifyEmail.resend')}
      </Button>
      {result && (
        <p role="status" className="text-sm text-ink-muted">
          {messageText(result)}
        </p>
      )}
    </div>
  );
}
