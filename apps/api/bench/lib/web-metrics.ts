import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { type AnimationFrameTiming, describeLongTask, longestOf, type TaskTiming } from './long-task-kind';
import { waitForQuietCpu } from './quiet-cpu';

/**
 * The web figures of the QUALITY table: the landing route's JavaScript (gzip) and the home page's
 * LCP and CLS in headless Chromium with 4× CPU throttling, over loopback.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The project's headless flags (scripts/chromium-flags.json; decision 197). */
export const CHROMIUM_FLAGS: {
  args: string[];
  omniboxFeatures: string[];
  playwrightDisabledFeatures: string[];
} = JSON.parse(readFileSync(new URL('../../../../scripts/chromium-flags.json', import.meta.url), 'utf8'));
// A --disable-features of ours replaces Playwright's, so its list comes along.
export const CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS.args,
  `--disable-features=${[...CHROMIUM_FLAGS.playwrightDisabledFeatures, ...CHROMIUM_FLAGS.omniboxFeatures].join(',')}`,
];

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 6 }).length;

/** Builds the web app when dist/index.html is missing. Returns whether it had to. */
export function ensureWebBuilt(repoRoot: string, distDir: string): boolean {
  if (existsSync(path.join(distDir, 'index.html'))) return false;
  const result = spawnSync('npm', ['run', 'build', '-w', '@tips/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the web app failed');
  return true;
}

export interface LandingJs {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  gzipBytes: number;
}

// Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; never `import("…")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * What the browser must fetch before the landing route renders: the entry script of index.html,
 * every modulepreload it lists, and their static imports, transitively. Lazy chunks of other
 * routes (dynamic import()) are not counted. gzip level 6, as a web server would send them.
 */
export function landingRouteJs(distDir: string): LandingJs {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  const seen = new Set<string>();
  const queue = roots.map((url) => path.join(distDir, url.replace(/^\//, '')));
  const files: LandingJs['files'] = [];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !file.endsWith('.js')) continue;
    seen.add(file);
    const source = readFileSync(file);
    files.push({ file: path.relative(distDir, file), bytes: source.length, gzipBytes: gzipSize(source) });
    for (const match of source.toString('utf8').matchAll(STATIC_IMPORT)) {
      queue.push(path.resolve(path.dirname(file), match[1]));
    }
  }
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

export interface PageLoad {
  lcpMs: number;
  fcpMs: number;
  cls: number;
  /** The LCP element as `tag#id.class.class`, its painted size and its first words, for diagnosis. */
  lcpElement: string;
  lcpSize: number;
  lcpText: string;
  /** Scripts Chromium actually fetched for the page, gzip-sized. */
  scriptsGzipBytes: number;
  scripts: number;
  /** The longest main-thread task of the load (PerformanceObserver 'longtask': over 50 ms), 0 if none. */
  longestTaskMs: number;
  /** What the longest task was (lib/long-task-kind.ts), e.g. "style+layout 151 ms"; '' if none. */
  longestTaskKind: string;
  /** How many tasks took over 50 ms, and over 100 ms. */
  longTasks: number;
  tasksOver100Ms: number;
}

/** What the observers below collect in the page (`window.__vitals`). */
export interface PageVitals {
  lcp: number;
  fcp: number;
  cls: number;
  lcpElement: string;
  lcpSize: number;
  lcpText: string;
  tasks: TaskTiming[];
  frames: AnimationFrameTiming[];
}

/** The long-task figures of a load: its longest task, what that was, and how many were long. */
export function taskFigures(
  vitals: Pick<PageVitals, 'tasks' | 'frames'>,
): Pick<PageLoad, 'longestTaskMs' | 'longestTaskKind' | 'longTasks' | 'tasksOver100Ms'> {
  const longest = longestOf(vitals.tasks);
  return {
    longestTaskMs: longest?.duration ?? 0,
    longestTaskKind: longest ? describeLongTask(longest, vitals.frames) : '',
    longTasks: vitals.tasks.length,
    tasksOver100Ms: vitals.tasks.filter((task) => task.duration > 100).length,
  };
}

// Largest-contentful-paint (last candidate), FCP, and CLS as web-vitals counts it: the largest
// session window of layout shifts without recent input (gaps < 1 s, windows ≤ 5 s).
export const OBSERVERS = `
  window.__vitals = { lcp: 0, lcpElement: '', lcpText: '', lcpSize: 0, cls: 0, fcp: 0, tasks: [], frames: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__vitals.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__vitals.frames.push({
      start: e.startTime, duration: e.duration, renderStart: e.renderStart, styleAndLayoutStart: e.styleAndLayoutStart,
      scripts: e.scripts.map((s) => ({ start: s.startTime, duration: s.duration, invoker: s.invoker, sourceURL: s.sourceURL })),
    });
  }).observe({ type: 'long-animation-frame', buffered: true });
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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface LoadOptions {
  viewport?: { width: number; height: number };
  /** CPU slow-down through CDP (default 4, the QUALITY setting). */
  throttle?: number;
  /** Runs on the settled page before its context closes (a screenshot, the resource timings). */
  inspect?: (page: Page) => Promise<void>;
}

/** One cold load of `url` in a fresh context (empty cache), with the observers installed first. */
export async function loadPageOnce(
  browser: Browser,
  url: string,
  options: LoadOptions = {},
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.throttle ?? 4 });
    await page.addInitScript({ content: OBSERVERS });
    // The new window's own start-up (Chromium's omnibox renderer) must not share the load's CPU.
    await waitForQuietCpu();
    const scriptSizes: Array<Promise<number>> = [];
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
    // Let late candidates and shifts (fonts, data arriving) be reported.
    await page.waitForTimeout(1500);
    const vitals = (await page.evaluate('window.__vitals')) as PageVitals;
    const sizes = await Promise.all(scriptSizes);
    await options.inspect?.(page);
    return {
      lcpMs: vitals.lcp,
      fcpMs: vitals.fcp,
      cls: vitals.cls,
      lcpElement: vitals.lcpElement,
      lcpSize: vitals.lcpSize,
      lcpText: vitals.lcpText,
      scriptsGzipBytes: sizes.reduce((a, b) => a + b, 0),
      scripts: sizes.length,
      ...taskFigures(vitals),
    };
  } finally {
    await context.close();
  }
}

/** Loads `url` in fresh contexts `runs` times and returns each run's figures. */
export async function measureHomePage(url: string, runs: number): Promise<PageLoad[]> {
  const browser = await launchChromium();
  try {
    const loads: PageLoad[] = [];
    for (let run = 0; run < runs; run++) loads.push(await loadPageOnce(browser, url));
    return loads;
  } finally {
    await browser.close();
  }
}
