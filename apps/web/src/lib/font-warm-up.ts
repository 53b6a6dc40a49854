/**
 * The first text a page load lays out sets up the platform's fonts: on Linux, fontconfig's
 * configuration and the search down the font stacks (styles.css `--font-sans`, `--font-display`)
 * for a face that exists. Measured in Chromium 156 at 4× CPU throttling: a layout of eight boxes
 * took 29–46 ms, and that cost sat in the app's first frame — the longest task left on the
 * statistics page (issue #32.3, decision 204). A hidden line in the page's fonts, laid out in a task
 * of its own while the page's chunk and translations download, pays it there instead; the font
 * caches it fills stay with the page.
 */
import { LANGUAGE_NAMES, type Language } from '@tips/contract/rules';
import { htmlLangOf } from './language';
import { nextTask } from './next-task';

/** Body text regular and bold, and the display face of headings, with figures and signs. */
const FACES = ['', 'font-bold', 'font-display font-extrabold uppercase'];
const FIGURES = '0123456789 · – € % +';

/** Lays the sample out in the next task and takes it away again; resolves once done. */
export async function warmUpFonts(language: Language): Promise<void> {
  await nextTask();
  const sample = document.createElement('div');
  sample.className = 'sr-only';
  sample.setAttribute('aria-hidden', 'true');
  // In the page's language and script: fallback fonts are chosen per script and language.
  sample.lang = htmlLangOf(language);
  for (const face of FACES) {
    const line = document.createElement('span');
    line.className = face;
    line.textContent = `${LANGUAGE_NAMES[language]} Aa ${FIGURES}`;
    sample.append(line);
  }
  document.body.append(sample);
  try {
    // Reading a box's size lays the document out now, in this task.
    sample.getBoundingClientRect();
  } finally {
    sample.remove();
  }
}
