/**
 * Home page LCP / CLS in headless Chromium with CPU throttling, against an already-running server
 * (it builds and starts nothing): the same cold loads `npm run bench` measures (lib/web-metrics.ts),
 * repeated, with FCP, the LCP element and, on request, the last load's request waterfall.
 *
 *   npm run build && PORT=3999 DATA_DIR=$(mktemp -d) SEED_DEMO=true npm run serve   # elsewhere
 *   npx tsx apps/api/bench/measure-lcp.ts [url] [--runs N] [--throttle 4] [--width 1280 --height 800]
 *        [--waterfall] [--screenshot out.png] [--json]
 *
 * Chromium comes from /usr/bin/chromium (or CHROMIUM_PATH); no browser is ever downloaded.
 */
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { launchChromium, loadPageOnce, type PageLoad } from './lib/web-metrics';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    throttle: { type: 'string', default: '4' },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '800' },
    waterfall: { type: 'boolean', default: false },
    screenshot: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const url = positionals[0] ?? process.env.MEASURE_URL ?? 'http://localhost:3000/';
const runs = Number(values.runs);
const throttle = Number(values.throttle);
const viewport = { width: Number(values.width), height: Number(values.height) };

interface WaterfallRow {
  name: string;
  start: number;
  end: number;
  type: string;
}

// Evaluated in the page (a string: this package is compiled without the DOM's types).
const WATERFALL = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const rows = [
    { name: 'document', start: 0, end: nav.responseEnd, type: 'navigation' },
    ...performance.getEntriesByType('resource').map((r) => ({
      name: r.name.replace(location.origin, ''), start: r.startTime, end: r.responseEnd, type: r.initiatorType,
    })),
    { name: 'DOMContentLoaded', start: nav.domContentLoadedEventEnd, end: nav.domContentLoadedEventEnd, type: 'event' },
  ];
  return rows.sort((a, b) => a.start - b.start);
})()`;

function waterfallOf(page: Page): Promise<WaterfallRow[]> {
  return page.evaluate(WATERFALL) as Promise<WaterfallRow[]>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const browser = await launchChromium();
const loads: PageLoad[] = [];
let waterfall: WaterfallRow[] | undefined;
try {
  for (let run = 0; run < runs; run++) {
    const isLast = run === runs - 1;
    const load = await loadPageOnce(browser, url, {
      viewport,
      throttle,
      inspect: async (page) => {
        if (!isLast) return;
        if (values.waterfall) waterfall = await waterfallOf(page);
        if (values.screenshot) await page.screenshot({ path: values.screenshot, fullPage: true });
      },
    });
    loads.push(load);
    if (!values.json) {
      console.log(
        `run ${run + 1}: LCP ${load.lcpMs.toFixed(0)} ms  FCP ${load.fcpMs.toFixed(0)} ms  CLS ${load.cls.toFixed(3)}  ` +
          `element ${load.lcpElement} (${load.lcpSize} px², "${load.lcpText}")  ` +
          `scripts ${load.scripts} (${(load.scriptsGzipBytes / 1024).toFixed(1)} KB gzip)`,
      );
    }
  }
} finally {
  await browser.close();
}

const lcps = loads.map((l) => l.lcpMs);
const summary = {
  url,
  runs,
  throttle,
  viewport,
  lcpMedianMs: Math.round(median(lcps)),
  lcpMinMs: Math.round(Math.min(...lcps)),
  lcpMaxMs: Math.round(Math.max(...lcps)),
  fcpMedianMs: Math.round(median(loads.map((l) => l.fcpMs))),
  clsMax: Number(Math.max(...loads.map((l) => l.cls)).toFixed(3)),
  lcpElements: [...new Set(loads.map((l) => l.lcpElement))],
};
if (values.json) {
  console.log(JSON.stringify({ ...summary, loads, waterfall }, null, 2));
} else {
  console.log(
    `median LCP ${summary.lcpMedianMs} ms (${summary.lcpMinMs}–${summary.lcpMaxMs}), median FCP ${summary.fcpMedianMs} ms, ` +
      `max CLS ${summary.clsMax}, ${runs} cold loads, ${throttle}× CPU, ${viewport.width}×${viewport.height}`,
  );
  if (waterfall) {
    console.log('\nwaterfall of the last load (ms):');
    for (const row of waterfall) {
      console.log(
        `${row.start.toFixed(0).padStart(6)} → ${row.end.toFixed(0).padStart(6)}  ${row.type.padEnd(10)} ${row.name}`,
      );
    }
  }
}
