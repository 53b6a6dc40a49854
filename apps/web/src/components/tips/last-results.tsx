import { LAST_RESULTS_COUNT } from '@tips/contract/rules';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { CheckIcon, CrossIcon } from '../ui/public-icons';

interface LastResultsProps {
  /** Newest first; true = win. */
  results: readonly boolean[];
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * SPEC §2: the results of the tipster's last 5 matches as win / loss icons. Always five slots, so
 * a tipster with fewer settled tips does not make the card narrower.
 */
export function LastResults({ results, size = 'sm', className }: LastResultsProps) {
  const { t } = useTranslation();
  const shown = results.slice(0, LAST_RESULTS_COUNT);
  const slots = Array.from({ length: LAST_RESULTS_COUNT }, (_, index) => shown[index]);
  const summary = shown.length
    ? shown.map((isWin) => (isWin ? t('tipCard.win') : t('tipCard.loss'))).join(', ')
    : t('tipCard.noResults');
  const box = size === 'sm' ? 'size-5' : 'size-6';
  const icon = size === 'sm' ? 'size-3' : 'size-3.5';
  return (
    <span className={cx('inline-flex items-center gap-1', className)}>
      <span className="sr-only">{t('tipCard.lastResults', { results: summary })}</span>
      {slots.map((isWin, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots, position is the identity
          key={index}
          aria-hidden="true"
          title={isWin === undefined ? undefined : isWin ? t('tipCard.win') : t('tipCard.loss')}
          className={cx(
            'grid place-items-center rounded-full',
            box,
            isWin === undefined && 'border border-dashed border-line-strong',
            isWin === true && 'bg-win/20 text-win ring-1 ring-win/50',
            isWin === false && 'bg-loss/15 text-loss ring-1 ring-loss/45',
          )}
        >
          {isWin === true ? <CheckIcon className={icon} strokeWidth={3} /> : null}
          {isWin === false ? <CrossIcon className={icon} strokeWidth={3} /> : null}
        </span>
      ))}
    </span>
  );
}
