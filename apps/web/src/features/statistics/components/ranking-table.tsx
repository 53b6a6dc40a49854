import type { Luck, StatisticsRow } from '@tips/contract/tipsters.schemas';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { tipsterProfilePath } from '../../../components/tips/tip-card';
import { ExternalIcon } from '../../../components/ui/public-icons';
import { cx } from '../../../lib/cx';
import { formatGroupedInteger } from '../../../lib/format';
import { useFormatOdds } from '../../../lib/odds';
import { formatPercent, formatSignedUnits as signedUnits } from '../../../lib/tip-format';

// Phones get tighter cells so that all six columns fit without scrolling sideways, in every
// language (#21.6: at 375 px German's NIEDERLAGE was cut off): no letter-spacing (it also breaks
// Arabic's joined letters), and long headings break where the translation allows (soft hyphens:
// every syllable of the longest words, e.g. NB PRO·NOS·TICS, so a heading never sets its column
// wider than the figures under it).
const HEAD =
  'px-1 py-3 text-[0.6rem] font-bold uppercase tracking-normal text-ink-subtle hyphens-manual first:ps-2 last:pe-2 md:whitespace-nowrap md:px-3 md:text-xs md:tracking-[0.12em] md:first:ps-5 md:last:pe-5 rtl:md:tracking-normal';
const CELL = 'px-1 py-3 tabular-nums first:ps-2 last:pe-2 md:px-3 md:first:ps-5 md:last:pe-5';
const SKELETON_ROWS = 10;
// While the rankings load, the placeholder bars must fit a phone too: at 375 px a 160 px name bar
// and 40 px figure bars pushed the six columns 70-85 px past the screen (a sideways scroll until
// the data came), so they take their desktop widths from 768 px only.
const SKELETON_BAR = 'block h-5 rounded';
// A placeholder row is as tall as the row that replaces it (79 px on a phone, where the units ride
// under the name; 53 px from 768 px): rows arrive a few at a time, and each shorter placeholder
// they replaced moved the rest of the page down (CLS 0.13 on a phone).
// One pulse per row, not per bar: each animation's start is an event for React's root listener.
const PLACEHOLDER_ROW = 'h-[4.9rem] animate-pulse border-t border-line md:h-[3.3rem]';
// Profit, yield and luck: columns from 768 px, a line under the tipster's name below that.
const WIDE_ONLY = 'hidden md:table-cell';

interface RankingTableProps {
  title: string;
  /** Rows of the "most proven" table carry their luck figure (decision 076). */
  rows: ReadonlyArray<StatisticsRow & { luck?: Luck }> | undefined;
  /**
   * How many of `rows` to show; placeholders stand in for the rest (the page adds rows in steps),
   * and the table is busy until every row is shown.
   */
  rowsShown: number;
  isFeatured?: boolean;
}

const MEDALS = ['bg-gold-400 text-pitch-950', 'bg-ink-muted text-pitch-950', 'bg-gold-700 text-gold-100'];

/** "1 in 40" for the luck column; "< 1 in 10,000" when no simulated run did as well. */
function luckCell(luck: Luck): string {
  if (luck.oneIn === null) return `< 1 / ${formatGroupedInteger(luck.simulations)}`;
  return `1 / ${formatGroupedInteger(luck.oneIn)}`;
}

/**
 * One ranking: TIPSTER (opens the profile in a new tab), NO. TIPS (the sample), ODDS, HITS %, WIN,
 * FAIL, then PROFIT (units) and YIELD (decision 075), and LUCK in the "most proven" table.
 */
/**
 * Memoised: the page adds rows a few at a time, and without it every step re-rendered all six
 * tables again, not only the one being filled (issue #32.3).
 */
export const RankingTable = memo(function RankingTable({
  title,
  rows,
  rowsShown,
  isFeatured = false,
}: RankingTableProps) {
  const { t } = useTranslation();
  const isLoading = !rows || rowsShown < rows.length;
  // Once per table, not once per row: an i18next lookup costs tens of microseconds, and 60 rows of
  // four were most of the statistics page's longest task (issue #32).
  const label = {
    profit: t('unitsRecord.columns.profit'),
    yield: t('unitsRecord.columns.yield'),
    luck: t('unitsRecord.columns.luck'),
    newTab: t('statisticsPage.newTab'),
  };
  const hasLuck = rows?.some((row) => row.luck) ?? false;
  const columns = hasLuck ? 9 : 8;
  const formatOddsValue = useFormatOdds();
  const headingId = useId();
  return (
    <div
      className={cx(
        'flex flex-col overflow-hidden rounded-card border bg-panel shadow-card',
        // Tables below the first are off screen on arrival: the browser skips their style and
        // layout until they near the viewport (the six tables' style recalculation was the page's
        // longest task, issue #32.3).
        isFeatured ? 'border-gold-400/40' : 'border-line render-near-view-640',
      )}
    >
      <h2
        id={headingId}
        className="border-b border-line px-5 py-4 font-display text-xl font-extrabold uppercase tracking-wide text-gold-200"
      >
        {title}
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="overflow-x-auto" aria-labelledby={headingId} tabIndex={0}>
        <table
          className="w-full text-xs md:min-w-[34rem] md:text-sm"
          aria-labelledby={headingId}
          aria-busy={isLoading}
        >
          <thead>
            {/* Phones: as tall as two lines of headings from the start. Over the placeholders the
                columns are wider and NO. TIPS fits on one line; the figures then narrow them, the
                headings wrap and the rows below moved down (a layout shift). */}
            <tr className="h-[3.15rem] bg-pitch-950/40 md:h-auto">
              <th scope="col" className={cx(HEAD, 'text-start')}>
                {t('statisticsPage.columns.tipster')}
              </th>
              <th scope="col" className={cx(HEAD, 'text-end')}>
                {t('statisticsPage.columns.tips')}
              </th>
              <th scope="col" className={cx(HEAD, 'text-end')}>
                {t('statisticsPage.columns.odds')}
              </th>
              <th scope="col" className={cx(HEAD, 'text-end')}>
                {t('statisticsPage.columns.hits')}
              </th>
              <th scope="col" className={cx(HEAD, 'text-end')}>
                {t('statisticsPage.columns.win')}
              </th>
              <th scope="col" className={cx(HEAD, 'text-end')}>
                {t('statisticsPage.columns.fail')}
              </th>
              <th scope="col" className={cx(HEAD, 'text-end', WIDE_ONLY)}>
                {label.profit}
              </th>
              <th scope="col" className={cx(HEAD, 'text-end', WIDE_ONLY)}>
                {label.yield}
              </th>
              {hasLuck ? (
                <th scope="col" className={cx(HEAD, 'text-end', WIDE_ONLY)}>
                  {label.luck}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows?.slice(0, rowsShown).map((row, index) => (
              <RankingRow
                key={row.id}
                row={row}
                rank={index}
                hasLuck={hasLuck}
                label={label}
                formatOddsValue={formatOddsValue}
              />
            ))}
            {Array.from(
              { length: rows ? rows.length - rowsShown : SKELETON_ROWS },
              (_, index) => rowsShown + index,
            ).map((place) => (
              // Keyed by the place they stand for, so a placeholder keeps its element until its own
              // row arrives: keyed by index, the last ones went and the rest were re-laid out as
              // the rows before them came (a layout shift), and a row whose tipster id is 1 took
              // over a placeholder's <tr> (see LoadMoreList).
              <PlaceholderRow key={`placeholder-${place}`} columns={columns} perCell={isFeatured} />
            ))}
            {!isLoading && rows && rows.length === 0 ? (
              <tr className="border-t border-line">
                <td colSpan={columns} className="px-5 py-10 text-center text-ink-muted">
                  {t('statisticsPage.empty')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
    </div>
  );
});

interface RankingRowProps {
  row: StatisticsRow & { luck?: Luck };
  /** 0-based place in the ranking (the first three get medals). */
  rank: number;
  hasLuck: boolean;
  label: { profit: string; yield: string; luck: string; newTab: string };
  formatOddsValue: (decimalOdds: number) => string;
}

function RankingRow({ row, rank, hasLuck, label, formatOddsValue }: RankingRowProps) {
  return (
    <tr className="border-t border-line transition-colors hover:bg-white/3">
      <td className={cx(CELL, 'text-start')}>
        <a
          href={tipsterProfilePath(row.id)}
          target="_blank"
          rel="noopener"
          className="group inline-flex items-center gap-1.5 font-semibold text-ink hover:text-gold-200 md:gap-3"
        >
          <span
            aria-hidden="true"
            className={cx(
              'grid size-5 shrink-0 place-items-center rounded-full text-[0.65rem] font-bold md:size-7 md:text-xs',
              MEDALS[rank] ?? 'bg-pitch-800 text-ink-muted',
            )}
          >
            {rank + 1}
          </span>
          {/* Phones: a long name (Papadopoulos) breaks rather than widen the first
              column past the screen; it wraps between words whenever they fit. */}
          <span className="min-w-0 underline-offset-4 [overflow-wrap:anywhere] group-hover:underline md:whitespace-nowrap">
            {row.name}
          </span>
          <ExternalIcon className="hidden size-3.5 shrink-0 text-ink-subtle md:block" />
          <span className="sr-only">{label.newTab}</span>
        </a>
        {/* Phones: the units columns would not fit beside the SPEC's six, so they
            ride under the name (the columns themselves show from 768 px), never
            widening it: long words (RENDEMENT, ДОХОДНОСТЬ) may break. */}
        <span className="mt-1 block text-[0.7rem] text-ink-muted [overflow-wrap:anywhere] md:hidden">
          {label.profit} {/* The measure the tables rank by (decision 160). */}
          <span className={cx('font-semibold', row.profit < 0 ? 'text-loss' : 'text-win')}>
            {signedUnits(row.profit)}
          </span>{' '}
          · {label.yield} {formatPercent(row.yield)}
          {row.luck ? ` · ${label.luck} ${luckCell(row.luck)}` : ''}
        </span>
      </td>
      <td className={cx(CELL, 'text-end')}>{row.totalTips}</td>
      <td className={cx(CELL, 'text-end')}>{formatOddsValue(row.averageOdds)}</td>
      <td className={cx(CELL, 'text-end')}>{formatPercent(row.winPercentage)}</td>
      <td className={cx(CELL, 'text-end text-win')}>{row.wins}</td>
      <td className={cx(CELL, 'text-end text-loss')}>{row.fails}</td>
      <td
        className={cx(CELL, 'text-end font-semibold', WIDE_ONLY, row.profit < 0 ? 'text-loss' : 'text-win')}
      >
        {signedUnits(row.profit)}
      </td>
      <td className={cx(CELL, 'text-end', WIDE_ONLY)}>{formatPercent(row.yield)}</td>
      {hasLuck ? (
        <td className={cx(CELL, 'text-end whitespace-nowrap', WIDE_ONLY)}>
          {row.luck ? luckCell(row.luck) : '—'}
        </td>
      ) : null}
    </tr>
  );
}

/**
 * A row's stand-in, as tall as the row: a name bar and a bar for the figures (the first table, in
 * view), or one bar across the row (the tables below it, off screen). A bar per cell was 17
 * elements a row: the rows' arrival removed them inside React's commits, a layout invalidation each
 * (issue #32.3), and over 400 animated elements to style.
 */
function PlaceholderRow({ columns, perCell }: { columns: number; perCell: boolean }) {
  return (
    <tr className={PLACEHOLDER_ROW}>
      <td colSpan={columns} className={CELL}>
        {perCell ? (
          <>
            <span className={cx(SKELETON_BAR, 'float-end w-1/2 bg-pitch-700/40')} />
            <span className={cx(SKELETON_BAR, 'w-20 bg-pitch-700/60 md:w-40')} />
          </>
        ) : (
          <span className={cx(SKELETON_BAR, 'w-full bg-pitch-700/40')} />
        )}
      </td>
    </tr>
  );
}
