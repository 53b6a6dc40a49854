import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';

/**
 * Failed logins counted per key in a fixed window: in memory, or in Redis (shared by every API
 * process) when REDIS_URL is set. Only failures count, so signing in does not use up the budget.
 */
export interface FailureCounter {
  /** The failures in each key's current window (0 when none). */
  read(keys: readonly string[]): Promise<number[]>;
  /** One more failure for each key; a key's window starts at its first failure. */
  add(keys: readonly string[]): Promise<void>;
  /** Seconds until the key's window ends (at least 1). */
  retryAfterSeconds(key: string): Promise<number>;
}

const PREFIX = 'tips:login-fail:';

export function createFailureCounter(options: {
  redis: Redis | null;
  clock: Clock;
  windowMs: number;
}): FailureCounter {
  return options.redis
    ? redisCounter(options.redis, options.windowMs)
    : memoryCounter(options.clock, options.windowMs);
}

function memoryCounter(clock: Clock, windowMs: number): FailureCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= clock.now().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    read: async (keys) => keys.map((key) => live(key)?.count ?? 0),
    add: async (keys) => {
      for (const key of keys) {
        const entry = live(key);
        if (entry) entry.count++;
        else windows.set(key, { count: 1, endsAt: clock.now().getTime() + windowMs });
      }
    },
    retryAfterSeconds: async (key) =>
      Math.max(1, Math.ceil(((live(key)?.endsAt ?? 0) - clock.now().getTime()) / 1000)),
  };
}

function redisCounter(redis: Redis, windowMs: number): FailureCounter {
  return {
    read: async (keys) =>
      (await redis.mget(keys.map((key) => PREFIX + key))).map((value) => Number(value ?? 0)),
    add: async (keys) => {
      const multi = redis.multi();
      for (const key of keys) {
        // The window starts with the first failure: the expiry is set only when the key is new.
        multi.set(PREFIX + key, 0, 'PX', windowMs, 'NX');
        multi.incr(PREFIX + key);
      }
      await multi.exec();
    },
    retryAfterSeconds: async (key) => Math.max(1, Math.ceil((await redis.pttl(PREFIX + key)) / 1000)),
  };
}
