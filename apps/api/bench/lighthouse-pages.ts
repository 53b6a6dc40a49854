/**
 * `npm run bench:pages -w @tips/api`: the public pages as Lighthouse 12 and a throttled Chromium
 * see them (issue #32, item 3). Prints figures; asserts nothing (QUALITY: benchmarks print).
 *
 * Starts the built product (apps/api/dist/server.js serving apps/web/dist; `npm run build` first)
 * on a fresh data folder with the demo seed, then for each page:
 *  - Lighthouse 12.2.3, mobile (simulated throttling: Moto G Power, slow 4G, 4× CPU) and desktop,
 *    `--runs` times each: performance, accessibility, best practices and SEO scores, TBT, LCP,
 *    CLS, the longest main-thread task and its script;
 *  - Chromium at 4× CPU throttling (CDP), `--runs` cold loads at 375×812: the longest task and
 *    what it was, how many tasks exceeded 100 ms, LCP and CLS — once through Playwright
 *    (lib/web-metrics.ts), once as a visitor's browser runs the page, without the DevTools
 *    Runtime agent Playwright and Lighthouse enable (lib/visitor-load.ts, decision 201).
 * Every run opens its tab first and waits for the machine to go quiet (lib/quiet-cpu.ts: Chromium
 * starts a renderer of its own for each new window) before the page is loaded.
 * Each Lighthouse line shows the host's benchmark index of each run (Lighthouse's 4× CPU slowdown
 * is meant for a host of ~1500; on this shared machine it ranged 1125–2953 between consecutive
 * runs without tracking the figures: compare builds only in the same minutes, decision 195).
 * Each page's line ends with the load average (/proc/loadavg) when it was measured: two cores are
 * shared, and a busy machine lengthens every task.
 *
 *   npm run build && npm run bench:pages -w @tips/api -- [--runs 3] [--pages /,/tipsters]
 *        [--url http://127.0.0.1:3000 (an already-running server; nothing is started)]
 *        [--only lighthouse|chromium] [--json out.json]
 *
 * Chromium comes from CHROME_PATH (or CHROMIUM_PATH, else /usr/bin/chromium); nothing downloads one.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { REPO_ROOT, startApiProcess } from '../test/multi-process/api-process';
import { waitForQuietCpu } from './lib/quiet-cpu';
import { launchVisitorChromium, loadPageAsVisitor, type VisitorLoad } from './lib/visitor-load';
import { CHROMIUM_FLAGS, launchChromium, loadPageOnce } from './lib/web-metrics';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    url: { type: 'string' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// chrome-launcher's own flags with the project's headless ones (scripts/chromium-flags.json): the
// omnibox renderer's features join the launcher's --disable-features, which one of ours would replace.
const CHROME_FLAGS = [
  '--headless=new',
  ...chromeLauncher.Launcher.defaultFlags().map((flag) =>
    flag.startsWith('--disable-features=') ? `${flag},${CHROMIUM_FLAGS.omniboxFeatures.join(',')}` : flag,
  ),
  ...CHROMIUM_FLAGS.args,
];

const log = (message: string) =>
  console.error(`[pages ${new Date().toISOString().slice(11, 19)}] ${message}`);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  longestTaskMs: number;
  longestTaskUrl: string;
  failedSeoAudits: string[];
  /** Lighthouse's measure of the host's CPU: its 4× slowdown assumes ~1500 (a high-end desktop). */
  benchmarkIndex: number;
}

// biome-ignore lint/suspicious/noExplicitAny: Lighthouse's result is a large JSON object.
type Lhr = any;

function lighthouseFigures(lhr: Lhr): LighthouseRun {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const tasks = (lhr.audits['long-tasks']?.details?.items ?? []) as Array<{ duration: number; url: string }>;
  const longest = tasks.reduce((a, b) => (b.duration > a.duration ? b : a), { duration: 0, url: '' });
  const failedSeoAudits = (lhr.categories.seo?.auditRefs ?? [])
    .filter((ref: { id: string; weight: number }) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref: { id: string }) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    tbtMs: audit('total-blocking-time'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    longestTaskMs: longest.duration,
    longestTaskUrl: longest.url.replace(/^https?:\/\/[^/]+/, ''),
    failedSeoAudits,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/**
 * One Lighthouse run; a run whose trace failed (NO_NAVSTART, NO_FCP: Lighthouse's own advice is to
 * run again) is retried twice and said so, never counted as a figure.
 */
async function runLighthouse(url: string, port: number, desktop: boolean): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, port, desktop);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`retrying: ${(error as Error).message}`);
    }
  }
}

async function runLighthouseOnce(url: string, port: number, desktop: boolean): Promise<LighthouseRun> {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };
  // The tab is opened here rather than by Lighthouse, so the new window's own start-up (Chromium's
  // omnibox renderer, lib/quiet-cpu.ts) is over before Lighthouse measures the host and the page.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const page = await browser.newPage();
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    await waitForQuietCpu();
    // biome-ignore lint/suspicious/noExplicitAny: Lighthouse names its own copy of puppeteer's Page type.
    result = await lighthouse(url, flags, desktop ? desktopConfig : undefined, page as any);
  } finally {
    await page.close().catch(() => undefined);
    await browser.disconnect();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  const figures = lighthouseFigures(result.lhr);
  if (Number.isNaN(figures.lcpMs) || Number.isNaN(figures.tbtMs)) throw new Error(`${url}: no LCP or TBT`);
  return figures;
}

/** One browser's way of loading a page cold, for the Chromium tables. */
interface PageLoader {
  load: (url: string) => Promise<VisitorLoad>;
  close: () => Promise<void>;
}

function lighthouseLine(page: string, mode: string, runs: LighthouseRun[], load: string): string {
  const m = (pick: (r: LighthouseRun) => number) => median(runs.map(pick));
  const longest = runs.reduce((a, b) => (b.longestTaskMs > a.longestTaskMs ? b : a));
  const seoFailures = [...new Set(runs.flatMap((r) => r.failedSeoAudits))];
  return (
    `| ${page} | ${mode} | ${m((r) => r.performance)} | ${m((r) => r.accessibility)} | ${m((r) => r.bestPractices)} | ` +
    `${m((r) => r.seo)}${seoFailures.length ? ` (${seoFailures.join(', ')})` : ''} | ` +
    `${Math.round(m((r) => r.tbtMs))} | ${(m((r) => r.lcpMs) / 1000).toFixed(2)} | ${m((r) => r.cls).toFixed(3)} | ` +
    `${Math.round(m((r) => r.longestTaskMs))} (max ${Math.round(longest.longestTaskMs)} ${longest.longestTaskUrl || '-'}) | ` +
    `${runs.map((r) => Math.round(r.benchmarkIndex)).join(', ')} | ${load} |`
  );
}

const CHROMIUM_TABLE_HEAD = [
  '| Page | Longest task ms, median (each load) | Tasks > 100 ms (all loads) | LCP ms | CLS max | Longest task was (each load) | Load avg |',
  '|---|---|---|---|---|---|---|',
];

function chromiumLine(page: string, loads: VisitorLoad[], load: string): string {
  const m = (pick: (l: VisitorLoad) => number) => median(loads.map(pick));
  return (
    `| ${page} | ${Math.round(m((l) => l.longestTaskMs))} (${loads.map((l) => Math.round(l.longestTaskMs)).join(', ')}) | ` +
    `${loads.reduce((n, l) => n + l.tasksOver100Ms, 0)} | ${Math.round(m((l) => l.lcpMs))} | ` +
    `${Math.max(...loads.map((l) => l.cls)).toFixed(3)} | ${loads.map((l) => l.longestTaskKind || '-').join('; ')} | ${load} |`
  );
}

async function main() {
  let server: Awaited<ReturnType<typeof startApiProcess>> | null = null;
  let dataDir: string | null = null;
  let base = values.url;
  if (!base) {
    const entry = path.join(REPO_ROOT, 'apps/api/dist/server.js');
    if (!existsSync(entry) || !existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      throw new Error('Build the product first: npm run build');
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tips-pages-'));
    log('starting the built server with the demo seed');
    server = await startApiProcess({
      name: 'pages',
      entry,
      readyTimeoutMs: 240_000,
      env: { DATA_DIR: dataDir, SEED_DEMO: 'true', SHED_MAX_EVENT_LOOP_DELAY_MS: '0' },
    });
    base = server.url;
  }
  const tipsters = (await (await fetch(`${base}/api/tipsters?pageSize=1`)).json()) as {
    data: Array<{ id: number }>;
  };
  const pages = values.pages?.split(',') ?? [
    '/',
    '/today-tips',
    '/today-ai-tips',
    '/tipsters',
    '/tipster-statistics',
    `/tipster-profile/${tipsters.data[0]?.id ?? 1}`,
    '/login',
  ];
  // Warm the server's caches, so the first page's first run is not the one that fills them.
  for (const page of pages) await fetch(`${base}${page}`).catch(() => undefined);

  const out: string[] = [`Machine: ${os.cpus().length} cores, load average before: ${loadAverage()}.`, ''];
  const results: Record<string, unknown> = {};
  try {
    if (values.only !== 'chromium') {
      out.push(
        `## Lighthouse ${RUNS} runs per page and mode (medians; longest task: median, and the longest of all runs)`,
        '',
        '| Page | Mode | Perf | A11y | Best pr. | SEO | TBT ms | LCP s | CLS | Longest task ms | Host benchmark index (each run) | Load avg |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|',
      );
      const chrome = await chromeLauncher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: CHROME_FLAGS,
        ignoreDefaultFlags: true,
      });
      try {
        // A first run that is not counted: the browser's own start-up lands in it.
        await runLighthouse(`${base}${pages[0]}`, chrome.port, false).catch(() => undefined);
        for (const page of pages) {
          for (const mode of ['mobile', 'desktop'] as const) {
            const runs: LighthouseRun[] = [];
            for (let run = 0; run < RUNS; run++) {
              try {
                runs.push(await runLighthouse(`${base}${page}`, chrome.port, mode === 'desktop'));
              } catch (error) {
                // Say which run failed and go on with the others: one bad run is not the whole table.
                log(`${page} ${mode}: ${(error as Error).message}`);
                if (server && server.child.exitCode !== null)
                  throw new Error(`the server exited:\n${server.output()}`);
              }
            }
            if (runs.length === 0) {
              out.push(`| ${page} | ${mode} | no run completed | | | | | | | | ${loadAverage()} |`);
              continue;
            }
            const line = lighthouseLine(page, mode, runs, loadAverage());
            log(line);
            out.push(line);
            results[`lighthouse ${mode} ${page}`] = runs;
          }
        }
      } finally {
        chrome.kill();
      }
      out.push('');
    }
    if (values.only !== 'lighthouse') {
      const table = async (title: string, key: string, open: () => Promise<PageLoader>) => {
        out.push(
          `## Chromium, 4× CPU throttling, 375×812, ${RUNS} cold loads per page${title}`,
          '',
          ...CHROMIUM_TABLE_HEAD,
        );
        const loader = await open();
        try {
          for (const page of pages) {
            const loads: VisitorLoad[] = [];
            for (let run = 0; run < RUNS; run++) loads.push(await loader.load(`${base}${page}`));
            const line = chromiumLine(page, loads, loadAverage());
            log(line);
            out.push(line);
            results[`${key} ${page}`] = loads;
          }
        } finally {
          await loader.close();
        }
        out.push('');
      };
      await table('', 'chromium', async () => {
        const browser = await launchChromium();
        return {
          load: (url) => loadPageOnce(browser, url, { viewport: { width: 375, height: 812 } }),
          close: () => browser.close(),
        };
      });
      // The same loads without the DevTools Runtime agent Playwright enables (lib/pipe-cdp.ts).
      await table(
        ", as a visitor's browser runs them (no DevTools Runtime agent)",
        'chromium visitor',
        async () => {
          const visitor = launchVisitorChromium();
          return { load: (url) => loadPageAsVisitor(visitor, url), close: () => visitor.close() };
        },
      );
    }
  } finally {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(out.join('\n'));
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
