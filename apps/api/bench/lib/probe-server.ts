import { TipPageSchema } from '@tips/contract';
import { buildApp, featureModules } from '../../src/app';
import type { FeatureModule } from '../../src/app-types';
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { systemClock } from '../../src/lib/clock';

/**
 * The real app (every plugin, every feature) plus two probe routes, for bench/stack-overhead.ts:
 *   GET /api/_probe/bytes  the tip page's JSON as a constant string: the plugin stack's own cost
 *   GET /api/_probe/zod    the same page as an object through TipPageSchema: + response encoding
 * The page is read once from the app's own GET /api/tips after it starts. Bench only.
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);

let bytes = '{}';
let page: unknown = null;
const probes: FeatureModule = async (app) => {
  app.get('/_probe/bytes', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(bytes),
  );
  app.get('/_probe/zod', { schema: { response: { 200: TipPageSchema } } }, async () => page as never);
};

const app = await buildApp({ config, database, clock: systemClock, features: [...featureModules, probes] });
await app.listen({ port: config.port, host: config.host });
bytes = await (await fetch(`http://127.0.0.1:${config.port}/api/tips?pageNumber=1&pageSize=10`)).text();
page = JSON.parse(bytes);

const shutdown = () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
