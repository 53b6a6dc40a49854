import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FeedFixture } from './feed-fixture';
import { createFootballDataClient } from './football-data/football-data-client';
import type { FootballFeedPort } from './football-data/football-feed.port';
import {
  createFootballFeedPoller,
  type OnResults,
  type WriteFixtures,
} from './football-data/football-feed-poller';
import { createPollLock } from './football-data/poll-lock.repo';
import { createFootballReplay, type FootballReplay } from './replay/football-replay';
import { findHistoryEnd } from './replay/replay.repo';
import { createReplayTicker } from './replay/replay-ticker';

/**
 * The one football worker a process runs, chosen by configuration: the football-data.org poller
 * when FOOTBALL_DATA_TOKEN is set, else the replay ticker (FOOTBALL_REPLAY auto/on), else none.
 * Both write through the fixture writer and hand result changes to `onResults`.
 */

export interface FootballFeedWorkerDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
  writeFixtures: WriteFixtures;
  /** Receives the ids of fixtures whose result arrived; must tolerate an id twice. */
  onResults: OnResults;
  /** The bundled openfootball fixtures at their real dates (the replay's source). */
  loadBundledFixtures: () => Promise<readonly FeedFixture[]>;
  /** Test override of the live feed (default: the REST adapter from config). */
  feed?: FootballFeedPort;
  /** Replay ticker period (default 30 s). */
  replayIntervalMs?: number;
}

export interface FootballFeedWorker {
  kind: 'football-data' | 'replay';
  start(): void;
  stop(): Promise<void>;
  /** One round now (tests, the demo seed). */
  runOnce(): Promise<unknown>;
  /** The replay service, when this worker replays (the demo seed uses it). */
  replay?: FootballReplay;
}

export function createFootballFeedWorker(deps: FootballFeedWorkerDeps): FootballFeedWorker | null {
  const { config, clock, log } = deps;
  const feed = deps.feed ?? createFootballDataClient(config.footballData);
  if (feed) {
    const poller = createFootballFeedPoller({
      feed,
      writeFixtures: deps.writeFixtures,
      onResults: deps.onResults,
      lock: createPollLock(deps.database),
      clock,
      log,
      competitions: config.footballData.competitions,
      pollSeconds: config.footballData.pollSeconds,
      livePollSeconds: config.footballData.livePollSeconds,
    });
    return { kind: 'football-data', start: poller.start, stop: poller.stop, runOnce: poller.runOnce };
  }
  if (!config.footballData.replay) return null;
  const replay = createFootballReplay({
    loadFixtures: deps.loadBundledFixtures,
    writeFixtures: deps.writeFixtures,
    clock,
    historyEnd: () => findHistoryEnd(deps.database.db),
  });
  const ticker = createReplayTicker({
    replay,
    clock,
    onResults: deps.onResults,
    log,
    intervalMs: deps.replayIntervalMs,
  });
  return { kind: 'replay', start: ticker.start, stop: ticker.stop, runOnce: ticker.runOnce, replay };
}
