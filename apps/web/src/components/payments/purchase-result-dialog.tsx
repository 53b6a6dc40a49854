import { MESSAGES } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/api-messages';
import { cx } from '../../lib/cx';
import { Button } from '../ui/button';
import { AlertIcon, CheckCircleIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { ResendVerification } from './resend-verification';

export interface PurchaseOutcome {
  status: 'success' | 'failure';
  /** Already translated. */
  message: string;
  /** Further lines under the message (already translated). */
  details?: readonly string[];
}

interface PurchaseResultDialogProps {
  outcome: PurchaseOutcome | null;
  onClose: (outcome: PurchaseOutcome) => void;
}

/** SPEC §2/§4: the popup after a purchase; the caller decides where closing a success leads. */
export function PurchaseResultDialog({ outcome, onClose }: PurchaseResultDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  if (!outcome) return null;
  // Every purchase path shows the server's first message through here (translated): the one that
  // says the email is not verified yet gets the way out beside it.
  const needsVerifiedEmail =
    outcome.status === 'failure' && outcome.message === messageText(MESSAGES.emailNotVerified);
  const isSuccess = outcome.status === 'success';
  const Icon = isSuccess ? CheckCircleIcon : AlertIcon;
  const close = () => onClose(outcome);
  return (
    <Modal
      open
      onClose={close}
      title={isSuccess ? t('account.payment.successTitle') : t('account.payment.failureTitle')}
      size="sm"
      closeLabel={t('common.close')}
      footer={
        <Button onClick={close} className="min-w-24">
          {t('account.common.ok')}
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          className={cx(
            'grid size-14 place-items-center rounded-full',
            isSuccess ? 'bg-win/15 text-win' : 'bg-loss/15 text-loss',
          )}
        >
          <Icon className="size-7" />
        </span>
        <p className="font-medium text-ink" data-testid="purchase-result-message">
          {outcome.message}
        </p>
        {outcome.details?.map((line) => (
          // Wallet addresses and account ids are long unbroken strings: wrap them anywhere.
          <p key={line} className="text-sm text-ink-muted [overflow-wrap:anywhere]">
            {line}
          </p>
        ))}
        {needsVerifiedEmail && <ResendVerification />}
      </div>
    </Modal>
  );
}
