import { formatUnits, type VerifyResult } from '@tips/contract/record-verify';
import { useTranslation } from 'react-i18next';

/** The verdict: what a person reads first, green or red, with the failing event named. */
export function VerifyResultBox({ result }: { result: VerifyResult }) {
  const { t } = useTranslation();
  if (result.ok) {
    return (
      <div
        role="status"
        className="rounded-card border border-win/60 bg-win/10 p-4 md:p-5"
        data-testid="verify-result"
      >
        <p className="font-display text-xl font-extrabold text-win md:text-2xl">
          {t('recordVerify.verified', {
            events: result.events,
            profit: formatUnits(result.profitThousandths),
          })}
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          {t('recordVerify.verifiedDetail', { tips: result.tips, settled: result.settled })}
        </p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="rounded-card border border-loss/60 bg-loss/10 p-4 md:p-5"
      data-testid="verify-result"
    >
      <p className="font-display text-xl font-extrabold text-loss md:text-2xl">
        {result.seq === null
          ? t('recordVerify.failedNoEvent')
          : t('recordVerify.failed', { seq: result.seq, tipId: result.tipId })}
      </p>
      <p className="mt-1 text-sm text-ink">{t(`recordVerify.reasons.${result.code}`)}</p>
      <p className="mt-2 break-words font-mono text-xs text-ink-muted" lang="en">
        {result.reason}
      </p>
    </div>
  );
}

/** The verifier could not read the file at all. */
export function UnreadableBox({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="rounded-card border border-loss/60 bg-loss/10 p-4 md:p-5"
      data-testid="verify-result"
    >
      <p className="font-display text-xl font-extrabold text-loss">{t('recordVerify.failedNoEvent')}</p>
      <p className="mt-1 text-sm text-ink">{t('recordVerify.reasons.unreadable')}</p>
      <p className="mt-2 break-words font-mono text-xs text-ink-muted" lang="en">
        {message}
      </p>
    </div>
  );
}
