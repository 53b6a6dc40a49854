import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

/**
 * The yardstick: a bare Fastify app in its own process, as in Fastify's own benchmarks.
 *   GET /               {"hello":"world"} through Fastify's default serializer
 *   GET /payload/:name  the bytes of BASELINE_PAYLOAD_DIR/<name>.json, as JSON, unserialized: the
 *                       very body a real route sends, to separate the cost of the bytes from the
 *                       cost of producing them
 */
const port = Number(process.env.PORT ?? 0);
const dir = process.env.BASELINE_PAYLOAD_DIR;
const payloads = new Map<string, Buffer>();
if (dir) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    payloads.set(path.basename(file, '.json'), readFileSync(path.join(dir, file)));
  }
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/api/ready', async () => ({ ok: true }));
app.get<{ Params: { name: string } }>('/payload/:name', async (request, reply) => {
  const body = payloads.get(request.params.name);
  if (!body) return reply.code(404).send({ missing: request.params.name });
  return reply.type('application/json; charset=utf-8').send(body);
});

await app.listen({ port, host: '127.0.0.1' });
const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
