import { parseArgs } from 'node:util';
import { AI_PLANS } from '@tips/contract/rules';
import { loadConfig, loadDotEnvFile } from '../../config/env';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { findCompetition } from '../football/competition-catalogue';
import { loadBundledFixtures } from '../football/replay/bundled-fixtures';
import { countResults, loadKnownResults } from './ai-model.repo';
import { type LeagueMatch, runBacktest } from './backtest';
import { formatBacktest } from './backtest-format';
import { chooseThreshold, TIER_CATEGORIES, type TierName } from './tiers';

/**
 * `npm run model:backtest -- --from YYYY-MM-DD --to YYYY-MM-DD [--competitions en.1,de.1] [--json]`
 * Walk-forward backtest on the results in the configured database; when the database holds no
 * result of those competitions in the period (a fresh clone, or the demo, whose recent seasons are
 * replayed on today's calendar), on the bundled openfootball files, and it says so.
 */
const TOP_FIVE = ['en.1', 'de.1', 'es.1', 'it.1', 'fr.1'];
const HISTORY_YEARS = 6;

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    competitions: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const isDate = (s: string | undefined) =>
  s !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));
if (!isDate(values.from) || !isDate(values.to)) {
  console.error(
    'usage: npm run model:backtest -- --from YYYY-MM-DD --to YYYY-MM-DD [--competitions en.1,de.1] [--json]',
  );
  process.exit(2);
}
const from = new Date(`${values.from}T00:00:00Z`);
const to = new Date(`${values.to}T23:59:59Z`);
const competitions = values.competitions ? values.competitions.split(',').map((c) => c.trim()) : TOP_FIVE;
const unknown = competitions.filter((c) => !findCompetition(c));
if (unknown.length > 0 || to <= from) {
  console.error(
    unknown.length > 0 ? `unknown competitions: ${unknown.join(', ')}` : '--to must be after --from',
  );
  process.exit(2);
}
const started = performance.now();
const note = (msg: string) => {
  if (!values.json) console.log(msg);
  else console.error(msg);
};

loadDotEnvFile();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let matches: LeagueMatch[];
let source: string;
try {
  await migrateDatabase(database);
  const since = new Date(from.getTime() - HISTORY_YEARS * 365.25 * 86_400_000);
  if ((await countResults(database.db, competitions, from, to)) > 0) {
    source = `database (${database.kind})`;
    matches = (await loadKnownResults(database.db, to, since)).filter((m) => m.at <= to.getTime());
  } else {
    source = 'bundled openfootball files (the database has no results of these competitions in the period)';
    matches = (await loadBundledFixtures())
      .filter(
        (f) => f.status === 'finished' && f.fullTime !== null && f.kickoffAt >= since && f.kickoffAt <= to,
      )
      .map((f) => ({
        home: f.homeTeam,
        away: f.awayTeam,
        homeGoals: f.fullTime?.[0] ?? 0,
        awayGoals: f.fullTime?.[1] ?? 0,
        htHome: f.halfTime?.[0] ?? null,
        htAway: f.halfTime?.[1] ?? null,
        at: f.kickoffAt.getTime(),
        competition: f.competitionCode,
        division: f.competitionCode,
        country: findCompetition(f.competitionCode)?.country ?? f.competitionCode,
      }));
  }
} finally {
  await database.close();
}
note(`results from ${source}: ${matches.length} matches loaded`);
const { report, graded } = runBacktest(matches, { from, to, competitions });
// Each tier's threshold: the measured hit rate of its daily pick closest to its plan's advertised rate.
const tiers = Object.fromEntries(
  (Object.keys(TIER_CATEGORIES) as TierName[]).map((tier) => {
    const advertised = AI_PLANS.find((p) => p.category === TIER_CATEGORIES[tier])?.winRate ?? 0;
    return [tier, { advertisedRate: advertised / 100, ...chooseThreshold(graded, advertised / 100) }];
  }),
);
const seconds = (performance.now() - started) / 1000;
if (values.json)
  console.log(JSON.stringify({ ...report, tiers, source, seconds: Number(seconds.toFixed(1)) }, null, 2));
else console.log(formatBacktest(report, tiers, seconds));
