import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * A Redis database index of its own for one test run: the API's key names are fixed
 * (`tips:rl:…`, `tips:catalogue:v1:…`), so real processes sharing db 0 with other runs would share
 * their counters (every local process logs in from 127.0.0.1). An empty db among 1–15 is claimed
 * with an owner key (SET NX, with an expiry in case the run dies) and flushed on release.
 */
export interface ScratchRedis {
  /** The Redis URL with the claimed database index. */
  url: string;
  db: number;
  release(): Promise<void>;
}

const OWNER_KEY = 'tips:scratch:owner';
const CLAIM_SECONDS = 30 * 60;

function withDb(baseUrl: string, db: number): string {
  const url = new URL(baseUrl);
  url.pathname = `/${db}`;
  return url.toString();
}

export async function claimScratchRedis(baseUrl: string): Promise<ScratchRedis> {
  const token = randomBytes(8).toString('hex');
  for (let db = 15; db >= 1; db--) {
    const url = withDb(baseUrl, db);
    const client = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await client.connect();
      const claimed = await client.set(OWNER_KEY, token, 'EX', CLAIM_SECONDS, 'NX');
      if (claimed === 'OK' && (await client.dbsize()) === 1) {
        return {
          url,
          db,
          release: async () => {
            try {
              if ((await client.get(OWNER_KEY)) === token) await client.flushdb();
            } finally {
              await client.quit();
            }
          },
        };
      }
      // Someone else's database (or one that was not empty): leave it as it was.
      if (claimed === 'OK') await client.del(OWNER_KEY);
    } catch (error) {
      // Index out of range (a server with fewer databases) or no server: give up on this index.
      if (!String(error).includes('DB index')) {
        client.disconnect();
        throw error;
      }
    }
    await client.quit().catch(() => client.disconnect());
  }
  throw new Error(`no empty Redis database (1–15) to claim at ${baseUrl}`);
}
