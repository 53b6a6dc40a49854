import type { FootballReplay } from './football-replay';

/**
 * Years of history the demo imports at first start. Measured on a fresh PGlite (2 shared cores):
 * 3 years ≈ 11,000 matches in 9 s; the whole bundle (≈ 76,700 before the window) in 24 s, which
 * with migrations and the rest of the demo seed passes the one-minute first start. Three seasons
 * are also what a Dixon–Coles fit weighs most.
 */
export const DEMO_HISTORY_YEARS = 3;

/**
 * The demo's football at first start: the bundled history before the replay window at real dates
 * (tipsters' records and the model learn from it), then the replay window itself. `historyYears`
 * limits the history to the last N years before the window (null = all of it). Returns what it
 * wrote and how long it took.
 */
export async function seedFootballReplay(
  replay: FootballReplay,
  options: { historyYears?: number | null; log?: (msg: string) => void } = {},
) {
  const started = performance.now();
  const plan = await replay.plan();
  const years = options.historyYears === undefined ? DEMO_HISTORY_YEARS : options.historyYears;
  const since = years === null ? undefined : new Date(plan.from.getTime() - years * 365.25 * 86_400_000);
  const history = await replay.importHistory({ since });
  const historyMs = performance.now() - started;
  const window = await replay.materialise();
  const totalMs = performance.now() - started;
  options.log?.(
    `football replay seeded: ${history.count} past matches (${Math.round(historyMs)} ms), ` +
      `${window.added} replayed fixtures, shift ${plan.weeks} weeks (${Math.round(totalMs)} ms in all)`,
  );
  return { plan, history, window, historyMs, totalMs };
}
