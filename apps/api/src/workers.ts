import type { FastifyBaseLogger } from 'fastify';
import type { AppServices, CoreDeps } from './app-types';
import { createPaypalReconciler } from './features/commerce/paypal/paypal-reconciler';
import { createFixtureWriter } from './features/football/fixtures.service';
import { createFootballFeedWorker, type FootballFeedWorker } from './features/football/football-feed-worker';
import { loadBundledFixtures } from './features/football/replay/bundled-fixtures';
import { startSettlementSweeper } from './features/tips/settlement-sweeper';
import { createMailTransport } from './infra/mail/mail-transport';
import { createOutboxWorker } from './infra/mail/outbox-worker';

/**
 * The background work of one API process, built by buildApp (`startWorkers: true`) from the same
 * config, database and services as the routes, started once the server listens (in sandbox-local
 * mode the PayPal and football emulators they call are this server) and stopped when it closes.
 */
export interface BackgroundWorkers {
  /** Fixtures and results: football-data.org when FOOTBALL_DATA_TOKEN is set, else the replay (null = off). */
  football: FootballFeedWorker | null;
  start(): void;
  stop(): Promise<void>;
}

export function createBackgroundWorkers(
  core: CoreDeps,
  services: Pick<AppServices, 'paypal' | 'onCatalogueChanged'>,
  log: FastifyBaseLogger,
): BackgroundWorkers {
  const { config, database, clock } = core;
  // Settles open tips of fixtures whose result arrived, refunds voided ones (started with the rest).
  let sweeper: ReturnType<typeof startSettlementSweeper> | undefined;
  const football = createFootballFeedWorker({
    config,
    database,
    clock,
    log,
    writeFixtures: createFixtureWriter({ db: database.db, clock }),
    loadBundledFixtures,
    // New results settle at once rather than at the next sweep; a repeated id is harmless (only
    // open tips settle).
    onResults: (fixtureIds) => {
      log.info({ fixtureIds }, 'football results arrived');
      void sweeper?.sweepNow();
    },
  });
  // Delivers the email outbox (at least once; several processes share the work).
  const outbox = createOutboxWorker({
    database,
    transport: createMailTransport({ smtpUrl: config.mail.smtpUrl, mailDir: config.mail.mailDir }),
    clock,
    from: config.mail.from,
    log,
  });
  // Captures PayPal orders that were approved but whose browser never came back.
  const reconciler = createPaypalReconciler({
    database,
    paypal: services.paypal,
    clock,
    publicUrl: config.publicUrl,
    log,
  });

  let started = false;
  return {
    football,
    start() {
      if (started) return;
      started = true;
      outbox.start();
      reconciler.start();
      football?.start();
      sweeper = startSettlementSweeper({
        database,
        clock,
        publicUrl: config.publicUrl,
        paypal: services.paypal,
        log,
        onCatalogueChanged: services.onCatalogueChanged,
      });
    },
    async stop() {
      await Promise.all([outbox.stop(), reconciler.stop(), football?.stop(), sweeper?.stop()]);
    },
  };
}
