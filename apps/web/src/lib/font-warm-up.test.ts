import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpFonts } from './font-warm-up';

afterEach(() => {
  vi.restoreAllMocks();
});

// Issue #32.3: the fonts' set-up was part of the app's first frame; the warm-up lays out a hidden
// sample in a task of its own, then leaves the page as it found it.
describe('warmUpFonts', () => {
  it('lays out a hidden sample in the next task, in the page language, and takes it away', async () => {
    const laidOut: Array<{ text: string; lang: string; hidden: string | null; attached: boolean }> = [];
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      laidOut.push({
        text: this.textContent ?? '',
        lang: this.lang,
        hidden: this.getAttribute('aria-hidden'),
        attached: this.isConnected,
      });
      return new DOMRect();
    });
    const before = document.body.innerHTML;
    const done = warmUpFonts('ar-ae');
    expect(laidOut).toEqual([]);
    await done;
    expect(laidOut).toHaveLength(1);
    expect(laidOut[0]).toMatchObject({ lang: 'ar-AE', hidden: 'true', attached: true });
    expect(laidOut[0]?.text).toContain('العربية');
    expect(document.body.innerHTML).toBe(before);
  });
});
