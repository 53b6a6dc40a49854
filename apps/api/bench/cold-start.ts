/**
 * `npm run bench:cold-start -w @tips/api`: what a modest crowd meets right after a start
 * (issue #19 point 11, decision 104). Against a running server (BENCH_URL, default
 * http://127.0.0.1:3000), start it fresh first for a cold run:
 *
 *   DATA_DIR=/tmp/cold PORT=3000 npm run dev -w @tips/api   # then, once it listens:
 *   npm run bench:cold-start -w @tips/api
 *
 * 1. The first page view: BENCH_CROWD (20) concurrent visitors per call of the home, today's tips,
 *    tipsters and statistics pages.
 * 2. A cold-cache sweep: BENCH_CROWD workers walking BENCH_SWEEP (2000) distinct catalogue URLs
 *    (profiles, record pages, tip and tipster pages), after the cache's TTL has passed.
 * Prints status counts and timings; asserts nothing (the test is src/cold-start.int.test.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { FIRST_VIEW_URLS } from '../src/warm-up';

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const crowd = Number(process.env.BENCH_CROWD ?? 20);
const sweepSize = Number(process.env.BENCH_SWEEP ?? 2000);
const CACHE_TTL_MS = 5_000;

// The same calls the server warms before it listens.
const FIRST_VIEW = FIRST_VIEW_URLS;

function sweepUrls(): string[] {
  const urls: string[] = [];
  for (let i = 0; urls.length < sweepSize; i++) {
    const id = (i % 80) + 1;
    const page = Math.floor(i / 80) + 1;
    urls.push(
      `/api/tipsters/profile/${id}`,
      `/api/tipsters/records/${id}?pageNumber=${page}&pageSize=5`,
      `/api/tips?pageNumber=${page}&pageSize=${(i % 3) + 4}`,
      `/api/tipsters?pageNumber=${page}&pageSize=${i % 2 ? 5 : 10}`,
    );
  }
  return urls.slice(0, sweepSize);
}

/** Runs `urls` with `workers` concurrent clients; status counts, wall time and p99 latency. */
async function run(urls: string[], workers: number) {
  const counts: Record<number, number> = {};
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < urls.length) {
        const url = urls[next++];
        const t0 = performance.now();
        const response = await fetch(`${base}${url}`);
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        counts[response.status] = (counts[response.status] ?? 0) + 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  return { requests: urls.length, ms: Math.round(performance.now() - started), p99: Math.round(p99), counts };
}

const firstView = FIRST_VIEW.flatMap((url) => Array.from({ length: crowd }, () => url));
console.log('first page view', JSON.stringify(await run(firstView, firstView.length)));
await sleep(CACHE_TTL_MS + 500);
console.log('cold-cache sweep', JSON.stringify(await run(sweepUrls(), crowd)));
