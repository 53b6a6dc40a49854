import type { MonthFigures } from '@tips/contract/tipsters.schemas';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx';
import { formatPercent } from '../../../lib/tip-format';
import { signedUnits as signed } from '../results-series';

const HEAD = 'px-2 py-2.5 text-xs font-bold uppercase tracking-[0.1em] text-ink-subtle';
const CELL = 'px-2 py-2.5 tabular-nums';

/** Month by month (newest first): tips, units staked, profit and yield, from the month aggregates. */
export function MonthlyTable({ months, captionId }: { months: readonly MonthFigures[]; captionId: string }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col" className={cx(HEAD, 'text-start')}>
              {t('unitsRecord.month')}
            </th>
            <th scope="col" className={cx(HEAD, 'text-end')}>
              {t('unitsRecord.tips')}
            </th>
            <th scope="col" className={cx(HEAD, 'text-end')}>
              {t('unitsRecord.unitsStaked')}
            </th>
            <th scope="col" className={cx(HEAD, 'text-end')}>
              {t('unitsRecord.profit')}
            </th>
            <th scope="col" className={cx(HEAD, 'text-end')}>
              {t('unitsRecord.yield')}
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month} className="border-t border-line">
              <th scope="row" className={cx(CELL, 'text-start font-semibold text-ink')}>
                {month.month}
              </th>
              <td className={cx(CELL, 'text-end')}>{month.tips}</td>
              <td className={cx(CELL, 'text-end')}>{month.unitsStaked}</td>
              <td className={cx(CELL, 'text-end font-semibold', month.profit < 0 ? 'text-loss' : 'text-win')}>
                {signed(month.profit)}
              </td>
              <td className={cx(CELL, 'text-end')}>{formatPercent(month.yield)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
