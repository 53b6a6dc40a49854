import type { BacktestReport } from './backtest';
import type { ForecastSummary } from './forecast-metrics';
import type { TierRecord } from './tiers';

const pct = (x: number | null | undefined) => (x == null ? '–' : `${(x * 100).toFixed(1)} %`);
const num = (x: number) => x.toFixed(4);

function row(name: string, s: ForecastSummary): string {
  return `${name.padEnd(22)} ${String(s.n).padStart(6)} ${pct(s.accuracy).padStart(9)} ${num(s.rps).padStart(8)} ${num(s.logLoss).padStart(9)} ${num(s.brier).padStart(8)}`;
}

/** The backtest as a plain-text table. */
export function formatBacktest(
  report: BacktestReport,
  tiers: Record<string, Partial<TierRecord> & { advertisedRate: number }>,
  seconds: number,
): string {
  const lines = [
    `Walk-forward backtest ${report.from} → ${report.to}, ${report.competitions.join(', ')} (seasons ${report.seasons.join(', ')})`,
    `${report.weeks} weekly refits, ${report.fits} fits, ${seconds.toFixed(1)} s`,
    '',
    `${'model'.padEnd(22)} ${'n'.padStart(6)} ${'accuracy'.padStart(9)} ${'RPS'.padStart(8)} ${'log loss'.padStart(9)} ${'Brier'.padStart(8)}`,
    row('Dixon–Coles', report),
    row('Poisson (baseline)', report.baselines.poisson),
    row('base rates (baseline)', report.baselines.baseRates),
    '',
    'Calibration (every 1X2 outcome forecast):',
    `${'band'.padEnd(12)} ${'n'.padStart(6)} ${'forecast'.padStart(9)} ${'observed'.padStart(9)}`,
    ...report.calibration.map(
      (b) =>
        `${`${(b.from * 100).toFixed(0)}–${(b.to * 100).toFixed(0)} %`.padEnd(12)} ${String(b.n).padStart(6)} ${pct(b.meanForecast).padStart(9)} ${pct(b.observed).padStart(9)}`,
    ),
    '',
    'AI tiers (one pick a day, threshold on the pick’s hit probability):',
    ...Object.entries(tiers).map(
      ([name, t]) =>
        `${name.padEnd(7)} advertised ${pct(t.advertisedRate)}, threshold ${t.threshold ?? '–'}: ${t.hits ?? 0} hits / ${
          (t.hits ?? 0) + (t.misses ?? 0)
        } decided (${t.voids ?? 0} void) = ${pct(t.hitRate)}, mean fair odds ${t.averageOdds?.toFixed(2) ?? '–'}`,
    ),
  ];
  return lines.join('\n');
}
