import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until the machine's processors are nearly idle, before a measured page load begins.
 *
 * Why: Chromium 156 (Debian 156.0.8078.114) starts a renderer for its own omnibox popup
 * (`chrome://omnibox-popup.top-chrome`, a `--top-chrome-webui` process) for every new window
 * — every Playwright page and every Lighthouse run — and that renderer burns ~1.2 s of CPU in
 * the first second. On two cores it ran beside the page being measured and doubled the page's
 * longest task at 4× throttling (decision 197). Waiting for the machine to go quiet after the
 * window opens measures the page, not the browser's own start-up.
 *
 * Reads /proc/stat (Linux); elsewhere it waits `fallbackMs`. Returns how long it waited.
 */
export async function waitForQuietCpu({
  windowMs = 200,
  maxBusyShare = 0.2,
  timeoutMs = 6000,
  fallbackMs = 1500,
} = {}): Promise<number> {
  const started = Date.now();
  if (!existsSync('/proc/stat')) {
    await sleep(fallbackMs);
    return Date.now() - started;
  }
  let before = cpuTicks();
  while (Date.now() - started < timeoutMs) {
    await sleep(windowMs);
    const after = cpuTicks();
    const total = after.total - before.total;
    if (total > 0 && (after.busy - before.busy) / total <= maxBusyShare) break;
    before = after;
  }
  return Date.now() - started;
}

/** All processors' ticks since boot, and the busy ones (everything but idle and I/O wait). */
function cpuTicks(): { total: number; busy: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, ticks) => sum + ticks, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { total, busy: total - idle };
}
