import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './intl-warm-up';
import { formatKickOffIn } from './tip-format';

afterEach(() => {
  vi.restoreAllMocks();
});

// Issue #32.3: Intl's first formatter was one 100–140 ms task at 4× CPU throttling; the warm-up
// runs its set-up a service per task after the first frame.
describe('warmUpIntl', () => {
  it('runs nothing in the task that starts it, then every step in tasks of their own', async () => {
    const collator = vi.spyOn(Intl.Collator, 'supportedLocalesOf');
    const numbers = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const done = warmUpIntl('jp');
    expect(collator).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(collator).toHaveBeenCalledWith('ja');
    expect(numbers).not.toHaveBeenCalled();
    await done;
    expect(numbers).toHaveBeenCalledWith('ja');
  });

  it('gets through a browser that lacks a service, and kick-offs read as before', async () => {
    const kickOff = new Date('2026-11-22T17:30:00Z');
    const before = formatKickOffIn(kickOff, 'de');
    // A browser without Intl.Segmenter (Firefox before 125).
    const intl = Intl as unknown as { Segmenter: unknown };
    const segmenter = intl.Segmenter;
    intl.Segmenter = undefined;
    try {
      await warmUpIntl('de');
    } finally {
      intl.Segmenter = segmenter;
    }
    expect(formatKickOffIn(kickOff, 'de')).toBe(before);
  });
});
