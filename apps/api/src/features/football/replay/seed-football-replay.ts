import type { FootballReplay } from './football-replay';

/**
 * The demo's football at first start: the bundled history before the replay window at real dates
 * (tipsters' records and the model learn from it), then the replay window itself. `sinceSeasons`
 * limits the history to the seasons starting in the last N years before the window (all when
 * unset). Returns what it wrote and how long it took.
 */
export async function seedFootballReplay(
  replay: FootballReplay,
  options: { historyYears?: number; log?: (msg: string) => void } = {},
) {
  const started = performance.now();
  const plan = await replay.plan();
  const since =
    options.historyYears === undefined
      ? undefined
      : new Date(plan.from.getTime() - options.historyYears * 365.25 * 86_400_000);
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
