import { describe, expect, it, vi } from 'vitest';

// Issue #32.3: as the app starts, the public pages' data is asked for once the page's first frame
// is out (the frame the app shell's AfterFirstPaint waits for); after that, and wherever the app
// has not asked for the hold (unit tests), at once.

async function freshModules() {
  vi.resetModules();
  const testing = await import('@testing-library/react');
  const frame = await import('./after-first-paint');
  const hold = await import('./page-data-hold');
  return { ...testing, ...frame, ...hold };
}

const settled = (promise: Promise<void>) => {
  let isDone = false;
  void promise.then(() => {
    isDone = true;
  });
  return () => isDone;
};

describe('page data held for the first frame', () => {
  it('waits for the first frame after the app starts, and not at all after it', async () => {
    const { holdPageDataForFirstFrame, pageDataMayLoad, AfterFirstPaint, render, screen } =
      await freshModules();
    holdPageDataForFirstFrame();
    const isReleased = settled(pageDataMayLoad());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(isReleased()).toBe(false);

    render(
      <AfterFirstPaint>
        <footer>Footer links</footer>
      </AfterFirstPaint>,
    );
    expect(await screen.findByText('Footer links')).not.toBeNull();
    await vi.waitFor(() => expect(isReleased()).toBe(true));

    const later = settled(pageDataMayLoad());
    await Promise.resolve();
    expect(later()).toBe(true);
  });

  it('does not wait where the app never asked for the hold', async () => {
    const { pageDataMayLoad } = await freshModules();
    const isReleased = settled(pageDataMayLoad());
    await Promise.resolve();
    expect(isReleased()).toBe(true);
  });
});
