import { setTimeout as sleep } from 'node:timers/promises';
import { PipeCdp } from './pipe-cdp';
import { waitForQuietCpu } from './quiet-cpu';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  OBSERVERS,
  type PageLoad,
  type PageVitals,
  taskFigures,
} from './web-metrics';

/** The figures of one load as a visitor's browser runs it: no DevTools `Runtime` agent. */
export type VisitorLoad = Pick<
  PageLoad,
  'lcpMs' | 'cls' | 'longestTaskMs' | 'longestTaskKind' | 'longTasks' | 'tasksOver100Ms'
>;

export function launchVisitorChromium(): PipeCdp {
  return PipeCdp.launch(CHROMIUM_PATH, CHROMIUM_ARGS);
}

/**
 * One cold load of `url` (a fresh browser context: empty cache and storage) at `throttle`× CPU,
 * with the same observers as `loadPageOnce`, through a DevTools session that enables only `Page`
 * (lib/pipe-cdp.ts says why). The load is over when the page has fetched nothing new for 500 ms,
 * then late paints and shifts get 1.5 s, as in `loadPageOnce`.
 */
export async function loadPageAsVisitor(
  cdp: PipeCdp,
  url: string,
  { viewport = { width: 375, height: 812 }, throttle = 4 } = {},
): Promise<VisitorLoad> {
  const { browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext');
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      browserContextId,
    });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const send = <T = Record<string, unknown>>(method: string, params: object = {}) =>
      cdp.send<T>(method, params, sessionId);
    await send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false });
    await send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await send('Page.enable');
    await send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVERS });
    await waitForQuietCpu();
    const loaded = cdp.once('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url });
    await loaded;
    // `Runtime.evaluate` works without `Runtime.enable`, and the load is over by now anyway.
    const evaluate = async <T>(expression: string): Promise<T> => {
      const { result } = await send<{ result: { value: T } }>('Runtime.evaluate', {
        expression,
        returnByValue: true,
      });
      return result.value;
    };
    let resources = -1;
    for (let quietFor = 0; quietFor < 500; ) {
      await sleep(250);
      const now = await evaluate<number>('performance.getEntriesByType("resource").length');
      quietFor = now === resources ? quietFor + 250 : 0;
      resources = now;
    }
    await sleep(1500);
    const vitals = await evaluate<PageVitals>('window.__vitals');
    return { lcpMs: vitals.lcp, cls: vitals.cls, ...taskFigures(vitals) };
  } finally {
    await cdp.send('Target.disposeBrowserContext', { browserContextId });
  }
}
