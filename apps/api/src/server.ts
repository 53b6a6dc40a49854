import pino from 'pino';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig, loadDotEnvFile } from './config/env';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase, migrationStatus } from './db/migrate';
import { DatabaseInUseError } from './db/pglite-lock';
import { DEMO_ACCOUNTS, isDemoSeeded, seedDemo, topUpDemoTips } from './db/seed/seed-demo';
import { ensureBootstrapAdmin } from './features/accounts/bootstrap-admin';
import { seedFootballReplay } from './features/football/replay/seed-football-replay';
import { backfillTipsterRecords } from './features/tips/tipster-record.repo';
import { createErrorReporter } from './infra/error-reporting/error-reporter';
import { parseOtlpHeaders, startTracing } from './infra/tracing/tracing';
import { systemClock } from './lib/clock';
import { createLoggerOptions } from './lib/logger';
import { warmFirstView } from './warm-up';
import type { BackgroundWorkers } from './workers';

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

/**
 * MIGRATE_ON_START=true (the demo's default) applies what is pending; false (production: the release
 * step ran `npm run db:migrate`) only refuses to serve a schema older than this build (decision 115).
 */
async function migrateOrCheck(config: AppConfig, database: Database, log: pino.Logger): Promise<void> {
  if (config.migrateOnStart) {
    await migrateDatabase(database, {
      lockTimeoutMs: config.dbMigrationLockTimeoutMs,
      log: (msg) => log.info(msg),
    });
    return;
  }
  const status = await migrationStatus(database).catch((error: Error) => {
    log.warn({ err: error }, 'could not read the applied migrations; starting without the check');
    return null;
  });
  if (status && status.pending.length > 0) {
    const tags = status.pending.map((m) => m.tag);
    log.fatal({ pending: tags }, `${tags.length} migration(s) pending: run npm run db:migrate first`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // Start-up lines are JSON like every other line (the app's own logger exists only after buildApp).
  const log = pino(createLoggerOptions(config.logLevel));
  // Before the database opens: the tracer wraps the database drivers (decision 118).
  const tracing = startTracing({
    endpoint: config.tracing.endpoint,
    serviceName: config.tracing.serviceName,
    headers: parseOtlpHeaders(config.tracing.headers),
  });
  const errorReporter = createErrorReporter({
    dsn: config.errorReportingDsn,
    environment: config.environmentName,
    onSendFailure: (error) => log.warn({ err: error }, 'error report not delivered'),
  });
  // A promise nobody awaited failed: logged and reported, and the process serves on (Node's
  // default would end it with every request in flight).
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection');
    errorReporter.report({ error: reason, tags: { kind: 'unhandledRejection' } });
  });
  // An exception nothing caught: the process's state is unknown, so report it and exit (the
  // service manager restarts it).
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception; exiting');
    errorReporter.report({ error, tags: { kind: 'uncaughtException' } });
    void errorReporter.flush(2000).finally(() => process.exit(1));
  });
  if (tracing.enabled)
    log.info({ endpoint: config.tracing.endpoint }, 'tracing: spans go to the OTLP endpoint');
  const database: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
    preparedStatements: config.dbPreparedStatements,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    idleInTransactionTimeoutMs: config.dbIdleInTransactionTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  await migrateOrCheck(config, database, log);

  let workers: BackgroundWorkers | undefined;
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    errorReporter,
    startWorkers: true,
    onWorkers: (built) => {
      workers = built;
    },
  });
  const football = workers?.football ?? null;
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
      app.log.info(
        { signIns: Object.entries(DEMO_ACCOUNTS).map(([role, a]) => `${role}: ${a.email} / ${a.password}`) },
        'demo data seeded',
      );
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
  // The AI tiers' picks of the day exist before the first visitor: fit and publish once now (the
  // worker repeats it on its schedule). A failure is logged and retried by the worker.
  if (config.seedDemo && config.isEmbeddedDatabase) await workers?.aiModel.runNow();

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
      await app.close(); // stops the background workers too
      await database.close();
      await Promise.all([tracing.shutdown(), errorReporter.flush(2000)]);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await warmFirstView(app);
  await app.listen({ port: config.port, host: config.host }); // starts the background workers
  // Records settled before migration 0009 get their runs, drawdown and luck (decision 075), in the
  // background: on a large database that is minutes of work, and a server that does not answer its
  // readiness probe meanwhile gets restarted. A profile shows its record row once it is there.
  void backfillTipsterRecords(database.db).then(
    (tipsters) => {
      if (tipsters > 0) app.log.info({ tipsters }, 'tipster records backfilled');
    },
    (error) => {
      if (!closing)
        app.log.error({ err: error }, 'tipster records backfill failed; it runs again at the next start');
    },
  );
  app.log.info(
    {
      database: database.kind,
      redis: Boolean(config.redisUrl),
      paypal: config.paypal.mode,
      football: football?.kind ?? 'off',
      mail: config.mail.smtpUrl ? 'smtp' : `files in ${config.mail.mailDir}`,
      jwtSecret: config.jwt.secretSource,
      tracing: tracing.enabled,
      errorReporting: errorReporter.enabled,
      migrateOnStart: config.migrateOnStart,
    },
    'configuration',
  );
  const docs = config.apiDocs
    ? `API docs at ${config.publicUrl}/api/docs`
    : 'API docs off: API_DOCS=true serves them';
  app.log.info({ url: config.publicUrl }, `Tips Market is listening on ${config.publicUrl} (${docs})`);
}

main().catch((error) => {
  // A known refusal (the embedded database held by another process) in one line, not a stack.
  console.error(error instanceof DatabaseInUseError ? `Tips Market cannot start: ${error.message}` : error);
  process.exit(1);
});
