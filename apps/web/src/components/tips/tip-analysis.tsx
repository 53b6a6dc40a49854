import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';

/**
 * The tipster's analysis of a pick (decision 141): paid content like the selection, so the API
 * sends it only to those who may see the pick. Nothing shows when it is hidden or empty.
 */
export function TipAnalysis({
  reasoning,
  className,
}: {
  reasoning: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const text = reasoning?.trim();
  if (!text) return null;
  return (
    <div className={cx('text-sm', className)}>
      <p className="text-xs font-semibold uppercase tracking-[0.14em] text-ink-subtle">
        {t('tipCard.analysis')}
      </p>
      <p className="whitespace-pre-line break-words text-ink-muted" data-testid="tip-analysis">
        {text}
      </p>
    </div>
  );
}
