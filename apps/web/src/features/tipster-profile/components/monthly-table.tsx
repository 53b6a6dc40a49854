import type { MonthFigures } from '@tips/contract/tipsters.schemas';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/cx';
import { formatPercent } from '../../../lib/tip-format';
import { signedUnits as signed } from '../results-series';

// Phones get tighter cells so that the five columns fit without scrolling sideways.
const HEAD =
  'px-1 py-2.5 text-[0.65rem] font-bold uppercase tracking-[0.06em] text-ink-subtle first:ps-0 last:pe-0 md:px-2 md:text-xs md:tracking-[0.1em]';
const CELL = 'px-1 py-2.5 tabular-nums whitespace-nowrap first:ps-0 last:pe-0 md:px-2';

/** Month by month (newest first): tips, units staked, profit and yield, from the month aggregates. */
export function MonthlyTable({ months, captionId }: { months: readonly MonthFigures[]; captionId: string }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-xs md:text-sm" aria-labelledby={captionId}>
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
