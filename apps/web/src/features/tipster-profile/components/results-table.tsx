import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/tip-format';
import { type ResultPoint, signedUnits as signed } from '../results-series';

/** The chart's numbers, behind a disclosure, for anyone who cannot read the figure. */
export function ResultsTable({ points }: { points: readonly ResultPoint[] }) {
  const { t } = useTranslation();
  return (
    <details className="group rounded-lg border border-line px-4 py-2 text-sm">
      <summary className="cursor-pointer py-1 font-semibold text-gold-200">
        {t('tipsterProfile.chartData')}
      </summary>
      <div className="mt-2 max-h-72 overflow-y-auto">
        <table className="w-full text-start text-xs">
          <thead className="text-ink-subtle">
            <tr>
              <th scope="col" className="py-1.5 text-start font-semibold">
                {t('tipsterRecords.date')}
              </th>
              <th scope="col" className="py-1.5 text-start font-semibold">
                {t('tipsterRecords.match')}
              </th>
              <th scope="col" className="py-1.5 text-start font-semibold">
                {t('tipsterRecords.result')}
              </th>
              <th scope="col" className="py-1.5 text-end font-semibold">
                {t('tipsterProfile.chartTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.id} className="border-t border-line">
                <td className="py-1.5 pe-2 whitespace-nowrap">{formatDate(point.eventTime)}</td>
                <td className="py-1.5 pe-2">{point.match}</td>
                <td className="py-1.5 pe-2">{t(`tipsterRecords.results.${point.result}`)}</td>
                <td className="py-1.5 text-end tabular-nums">{signed(point.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
