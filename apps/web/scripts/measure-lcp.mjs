#!/usr/bin/env node
/**
 * Home page LCP / CLS in headless Chromium with CPU throttling, against an already-running server
 * (it builds and starts nothing). Same approach as apps/api/bench/lib/web-metrics.ts, which
 * `npm run bench` uses: a fresh browser context per load (cold cache), 4× CPU throttling through
 * CDP, and PerformanceObservers installed before any page script runs.
 *
 *   npm run build && PORT=3999 DATA_DIR=$(mktemp -d) SEED_DEMO=true npm run serve   # elsewhere
 *   node apps/web/scripts/measure-lcp.mjs [url] [--runs N] [--throttle 4] [--width 1280 --height 800]
 *        [--waterfall] [--screenshot out.png] [--json]
 *
 * --waterfall prints, for the last load, when each request started and ended against FCP/LCP.
 * --screenshot saves a full-page PNG of the last load (after the page has settled).
 * Chromium comes from /usr/bin/chromium (or CHROMIUM_PATH); no browser is ever downloaded.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

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

// The same observers as web-metrics.ts (last LCP candidate; CLS as the largest session window),
// plus FCP and a short description of the LCP element for diagnosis.
const OBSERVERS = `
  window.__vitals = { lcp: 0, lcpElement: '', lcpText: '', lcpSize: 0, cls: 0, fcp: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__vitals.lcp = e.startTime;
      window.__vitals.lcpSize = e.size;
      const el = e.element;
      window.__vitals.lcpElement = el
        ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
          (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '')
        : '';
      window.__vitals.lcpText = el ? (el.textContent || '').trim().slice(0, 40) : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  let session = 0, first = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (session > 0 && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value;
      else { session = e.value; first = e.startTime; }
      last = e.startTime;
      window.__vitals.cls = Math.max(window.__vitals.cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

const gzipSize = (bytes) => gzipSync(bytes, { level: 6 }).length;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function loadOnce(browser, { keepWaterfall, screenshot }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript({ content: OBSERVERS });
  const scriptSizes = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scriptSizes.push(
      response
        .body()
        .then(gzipSize)
        .catch(() => 0),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const vitals = await page.evaluate('window.__vitals');
  const sizes = await Promise.all(scriptSizes);
  let waterfall;
  if (keepWaterfall) {
    waterfall = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const rows = [
        { name: 'document', start: 0, end: nav.responseEnd, type: 'navigation' },
        ...performance.getEntriesByType('resource').map((r) => ({
          name: r.name.replace(location.origin, ''),
          start: r.startTime,
          end: r.responseEnd,
          type: r.initiatorType,
        })),
        {
          name: 'DOMContentLoaded',
          start: nav.domContentLoadedEventEnd,
          end: nav.domContentLoadedEventEnd,
          type: 'event',
        },
      ];
      return rows.sort((a, b) => a.start - b.start);
    });
  }
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await context.close();
  return {
    ...vitals,
    scripts: sizes.length,
    scriptsGzipBytes: sizes.reduce((a, b) => a + b, 0),
    waterfall,
  };
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const loads = [];
try {
  for (let run = 0; run < runs; run++) {
    const last = run === runs - 1;
    const load = await loadOnce(browser, {
      keepWaterfall: last && values.waterfall,
      screenshot: last ? values.screenshot : undefined,
    });
    loads.push(load);
    if (!values.json) {
      console.log(
        `run ${run + 1}: LCP ${load.lcp.toFixed(0)} ms  FCP ${load.fcp.toFixed(0)} ms  CLS ${load.cls.toFixed(3)}  ` +
          `element ${load.lcpElement} (${load.lcpSize} px², "${load.lcpText}")  ` +
          `scripts ${load.scripts} (${(load.scriptsGzipBytes / 1024).toFixed(1)} KB gzip)`,
      );
    }
  }
} finally {
  await browser.close();
}

const summary = {
  url,
  runs,
  throttle,
  viewport,
  lcpMedianMs: Math.round(median(loads.map((l) => l.lcp))),
  lcpMinMs: Math.round(Math.min(...loads.map((l) => l.lcp))),
  lcpMaxMs: Math.round(Math.max(...loads.map((l) => l.lcp))),
  fcpMedianMs: Math.round(median(loads.map((l) => l.fcp))),
  clsMax: Number(Math.max(...loads.map((l) => l.cls)).toFixed(3)),
  lcpElements: [...new Set(loads.map((l) => l.lcpElement))],
};
if (values.json) {
  console.log(JSON.stringify({ ...summary, loads }, null, 2));
} else {
  console.log(
    `median LCP ${summary.lcpMedianMs} ms (${summary.lcpMinMs}–${summary.lcpMaxMs}), median FCP ${summary.fcpMedianMs} ms, ` +
      `max CLS ${summary.clsMax}, ${runs} cold loads, ${throttle}× CPU, ${viewport.width}×${viewport.height}`,
  );
  const waterfall = loads.at(-1).waterfall;
  if (waterfall) {
    const last = loads.at(-1);
    console.log(`\nwaterfall of the last load (ms; FCP ${last.fcp.toFixed(0)}, LCP ${last.lcp.toFixed(0)}):`);
    for (const row of waterfall) {
      console.log(
        `${row.start.toFixed(0).padStart(6)} → ${row.end.toFixed(0).padStart(6)}  ${row.type.padEnd(10)} ${row.name}`,
      );
    }
  }
}
if (values.screenshot) writeFileSync(`${values.screenshot}.json`, JSON.stringify(summary, null, 2));
