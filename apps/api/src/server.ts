import { buildApp } from './app';
import type { AppServices } from './app-types';
import { ConfigError, loadConfig, loadDotEnvFile } from './config/env';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { DEMO_ACCOUNTS, isDemoSeeded, seedDemo, topUpDemoTips } from './db/seed/seed-demo';
import { ensureBootstrapAdmin } from './features/accounts/bootstrap-admin';
import { createAiModelWorker } from './features/ai-model/ai-model-worker';
import { createAlertMailer } from './features/alerts/alert-mailer';
import { createUnsubscribeTokens } from './features/alerts/unsubscribe-token';
import { createPaypalClient } from './features/commerce/paypal/paypal-client';
import { createPaypalReconciler } from './features/commerce/paypal/paypal-reconciler';
import { createFixtureWriter } from './features/football/fixtures.service';
import { createFootballFeedWorker } from './features/football/football-feed-worker';
import { loadBundledFixtures } from './features/football/replay/bundled-fixtures';
import { seedFootballReplay } from './features/football/replay/seed-football-replay';
import { createRecordAnchorWorker } from './features/records/record-anchor-worker';
import { createModelTipPublisher } from './features/tips/model-tip-publisher';
import { startSettlementSweeper } from './features/tips/settlement-sweeper';
import { backfillTipsterRecords } from './features/tips/tipster-record.repo';
import { createMailTransport } from './infra/mail/mail-transport';
import { createOutboxWorker } from './infra/mail/outbox-worker';
import { systemClock } from './lib/clock';

/** Listen and shut down gracefully; everything else is wired in buildApp. */

const SHUTDOWN_TIMEOUT_MS = 15_000;

function readConfig() {
  try {
    loadDotEnvFile();
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
    preparedStatements: config.dbPreparedStatements,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    idleInTransactionTimeoutMs: config.dbIdleInTransactionTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  await migrateDatabase(database);

  let services: AppServices | undefined;
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    onServices: (built) => {
      services = built;
    },
  });
  // Settles open tips of fixtures whose result arrived, refunds voided ones (started after listen).
  let sweeper: ReturnType<typeof startSettlementSweeper> | undefined;
  // The AI tier: refits after results and every six hours, publishes each tier's daily pick.
  const aiModel = createAiModelWorker({
    database,
    clock: systemClock,
    log: app.log,
    publish: (tipsterId, body, afterInsert) =>
      createModelTipPublisher({
        db: database.db,
        clock: systemClock,
        onCatalogueChanged: () => services?.onCatalogueChanged() ?? Promise.resolve(),
        deliverAiTip: (tx, tip) => {
          // buildApp has run by then; a pick must never be published without its delivery.
          if (!services) throw new Error('AI model: services are not built yet');
          return services.deliverAiTip(tx, tip);
        },
        alertFollowers: (tx, tip) => {
          if (!services) throw new Error('AI model: services are not built yet');
          return services.alertFollowers(tx, tip);
        },
      })(tipsterId, body, afterInsert),
  });
  // Fixtures and results: football-data.org when FOOTBALL_DATA_TOKEN is set, else the replay.
  const football = createFootballFeedWorker({
    config,
    database,
    clock: systemClock,
    log: app.log,
    writeFixtures: createFixtureWriter({ db: database.db, clock: systemClock }),
    loadBundledFixtures,
    // New results settle at once rather than at the next sweep; a repeated id is harmless (only
    // open tips settle).
    onResults: (fixtureIds) => {
      app.log.info({ fixtureIds }, 'football results arrived');
      void sweeper?.sweepNow();
      aiModel.onResults();
    },
  });
  if (config.seedDemo && config.isEmbeddedDatabase) {
    // First start: the fixtures first (the replay's history and window), then the demo on them.
    const seeded = !(await isDemoSeeded(database));
    if (seeded) {
      if (football?.replay) await seedFootballReplay(football.replay, { log: (msg) => app.log.info(msg) });
      await seedDemo(database, {
        log: (msg) => app.log.info(msg),
        now: systemClock.now(),
        dataDir: config.dataDir,
      });
      console.log('Demo data seeded. Demo sign-ins:');
      for (const [role, a] of Object.entries(DEMO_ACCOUNTS))
        console.log(`  ${role}: ${a.email} / ${a.password}`);
    } else {
      // Today's replayed fixtures before the top-up publishes on them.
      if (football?.replay) await football.replay.materialise();
      const added = await topUpDemoTips(database, systemClock.now());
      if (added > 0) app.log.info({ added }, 'demo data: added upcoming tips');
    }
  }

  // After the demo seed, so that the demo's fixed usernames are taken first and the admin's
  // username, derived from ADMIN_EMAIL, is the one that moves aside (admin2…) when they meet.
  await ensureBootstrapAdmin(database, config, (msg) => app.log.info(msg));
  // Records settled before migration 0009 get their runs, drawdown and luck (decision 075).
  const backfilled = await backfillTipsterRecords(database.db);
  if (backfilled > 0) app.log.info({ tipsters: backfilled }, 'tipster records backfilled');
  // The AI tiers' picks of the day exist before the first visitor: fit and publish once now (the
  // worker repeats it on its schedule). A failure is logged and retried by the worker.
  if (config.seedDemo && config.isEmbeddedDatabase) await aiModel.runNow();

  // Delivers the email outbox (at least once; several processes share the work).
  const outbox = createOutboxWorker({
    database,
    transport: createMailTransport({ smtpUrl: config.mail.smtpUrl, mailDir: config.mail.mailDir }),
    clock: systemClock,
    from: config.mail.from,
    log: app.log,
  });
  // Followers' alert emails (instant and daily digests) into the outbox; processes share the work.
  const alertMailer = createAlertMailer({
    database,
    clock: systemClock,
    publicUrl: config.publicUrl,
    tokens: createUnsubscribeTokens(config.jwt.secret),
    log: app.log,
  });
  // Captures PayPal orders that were approved but whose browser never came back.
  const reconciler = createPaypalReconciler({
    database,
    // The app's port: its failures are counted in /metrics.
    paypal: services?.paypal ?? createPaypalClient(config.paypal),
    clock: systemClock,
    publicUrl: config.publicUrl,
    log: app.log,
  });

  // Publishes each day's Merkle root over every tipster's record chain (decision 077).
  const anchors = createRecordAnchorWorker({ database, clock: systemClock, log: app.log });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await Promise.all([
        outbox.stop(),
        alertMailer.stop(),
        reconciler.stop(),
        football?.stop(),
        sweeper?.stop(),
        anchors.stop(),
        aiModel.stop(),
      ]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  outbox.start();
  alertMailer.start();
  reconciler.start();
  anchors.start();
  football?.start();
  aiModel.start();
  sweeper = startSettlementSweeper({
    database,
    clock: systemClock,
    publicUrl: config.publicUrl,
    // The app's port: its failures are counted in /metrics.
    paypal: services?.paypal ?? createPaypalClient(config.paypal),
    log: app.log,
    onCatalogueChanged: () => services?.onCatalogueChanged() ?? Promise.resolve(),
  });
  app.log.info(
    {
      database: database.kind,
      redis: Boolean(config.redisUrl),
      paypal: config.paypal.mode,
      football: football?.kind ?? 'off',
      mail: config.mail.smtpUrl ? 'smtp' : `files in ${config.mail.mailDir}`,
      jwtSecret: config.jwt.secretSource,
    },
    'configuration',
  );
  console.log(`Tips Market is listening on ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
