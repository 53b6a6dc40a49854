import type { TipsterProfile } from '@tips/contract/tipsters.schemas';
import { useTranslation } from 'react-i18next';
import { formatClv } from '../../../components/tips/tip-closing';
import { cx } from '../../../lib/cx';
import { formatPercent } from '../../../lib/tip-format';

/**
 * Closing-line value (decision 155): the average CLV of the tipster's tips with a closing price,
 * the share of them that beat the fair close, and how many there are.
 */
export function ClvFigures({ profile }: { profile: TipsterProfile }) {
  const { t } = useTranslation();
  const { average, beatCloseRate, sample } = profile.clv;
  if (sample === 0 || average === null || beatCloseRate === null) {
    return <p className="text-sm text-ink-muted">{t('closing.noSample')}</p>;
  }
  const figures = [
    { key: 'average', value: formatClv(average), tone: average },
    { key: 'beatClose', value: formatPercent(beatCloseRate * 100) },
    { key: 'sample', value: String(sample) },
  ] as const;
  return (
    <div className="flex flex-col gap-3" data-testid="clv-figures">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="min-w-0 rounded-xl border border-line px-3.5 py-3">
            <dt className="text-xs font-bold uppercase tracking-[0.12em] break-words hyphens-auto text-ink-subtle">
              {t(`closing.${figure.key}`)}
            </dt>
            <dd
              className={cx(
                'mt-1 font-display text-2xl font-extrabold tabular-nums break-words max-sm:text-xl',
                'tone' in figure ? (figure.tone < 0 ? 'text-loss' : 'text-gold-200') : 'text-ink',
              )}
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-muted">{t('closing.explain')}</p>
    </div>
  );
}
