import { describe, expect, it } from 'vitest';
import { repeatingTask } from './repeating-task';

function manualTimers() {
  const queue: Array<() => void> = [];
  return {
    setTimer: (fn: () => void) => queue.push(fn),
    clearTimer: () => {
      queue.length = 0;
    },
    fire: async () => {
      const fn = queue.shift();
      fn?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    pending: () => queue.length,
  };
}

describe('repeatingTask', () => {
  it('runs once per tick, schedules the next after each run, and keeps going after an error', async () => {
    const timers = manualTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const task = repeatingTask({
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('boom');
      },
      nextDelayMs: () => 1000,
      onError: (error) => errors.push(error),
      ...timers,
    });
    task.start();
    expect(runs).toBe(0);
    await timers.fire();
    await timers.fire();
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    expect(timers.pending()).toBe(1);
    await task.stop();
    expect(timers.pending()).toBe(0);
  });

  it('shares a run in flight with runNow and waits for it on stop', async () => {
    let release: () => void = () => {};
    let runs = 0;
    const task = repeatingTask({
      run: () => {
        runs++;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      nextDelayMs: () => 1000,
      onError: () => {},
      ...manualTimers(),
    });
    const first = task.runNow();
    const second = task.runNow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = task.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await Promise.all([first, second, stopping]);
    expect(stopped).toBe(true);
  });
});
