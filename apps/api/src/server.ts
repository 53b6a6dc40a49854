import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnvFile } from './config/env';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/seed-demo';
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
    statementTimeoutMs: config.dbStatementTimeoutMs,
  });
  await migrateDatabase(database);

  const app = await buildApp({ config, database, clock: systemClock });
  if (config.seedDemo && config.isEmbeddedDatabase) {
    await seedDemoIfEmpty(database, { log: (msg) => app.log.info(msg), now: systemClock.now() });
  }

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
  app.log.info(
    {
      database: database.kind,
      redis: Boolean(config.redisUrl),
      paypal: config.paypal.mode,
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
