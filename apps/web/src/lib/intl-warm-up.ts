/**
 * The first Intl formatter a page builds costs far more than the ones after it: V8 first sets up
 * ICU's services and lists the locales each one supports. In one call that was a 100–140 ms task
 * at 4× CPU throttling, inside the render of the first tip card (its kick-off time), on every page
 * that shows a date or a figure (issue #32.3). The same set-up splits along the services, so it
 * runs here one service per task, none over ~50 ms at 4×, while the page's chunk and translations
 * download (main.tsx, decision 203); the formatters built later cost a millisecond or two.
 *
 * Measured in Chromium 1xx at 4× (decision 202): Collator 30–47 ms, Segmenter 44–50, ListFormat
 * 16, then 0–8 each, and a kick-off formatter 10–23 ms after them, against 99–140 ms for the same
 * formatter on its own. Where a browser has nothing to set up, each step is a no-op.
 */
import type { Language } from '@tips/contract/rules';
import { htmlLangOf } from './language';
import { nextTask } from './next-task';
import { formatKickOffIn } from './tip-format';

type Step = (locale: string, language: Language) => unknown;

const STEPS: Step[] = [
  (locale) => Intl.Collator.supportedLocalesOf(locale),
  (locale) => Intl.Segmenter?.supportedLocalesOf(locale),
  (locale) => Intl.ListFormat?.supportedLocalesOf(locale),
  (locale) => Intl.RelativeTimeFormat?.supportedLocalesOf(locale),
  (locale) => Intl.DisplayNames?.supportedLocalesOf(locale),
  (locale) => Intl.NumberFormat.supportedLocalesOf(locale),
  (locale) => new Intl.NumberFormat(locale).format(1),
  // The kick-off formatter itself (lib/tip-format.ts keeps it), the costliest a public page builds.
  (_locale, language) => formatKickOffIn(new Date(0), language),
];

/** Runs the steps for the page's language, each in a task of its own; resolves when all have run. */
export async function warmUpIntl(language: Language): Promise<void> {
  const locale = htmlLangOf(language);
  for (const step of STEPS) {
    await nextTask();
    try {
      step(locale, language);
    } catch {
      // A browser without this service or this locale: the formatters will set up what they need.
    }
  }
}
