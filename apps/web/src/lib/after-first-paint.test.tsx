import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

// Issue #32.3: what is below the fold follows the page's first frame, and bringing it in renders
// only it — not the page around it again (that was a whole page's render right after the frame).

let pageRenders = 0;

function Page() {
  pageRenders += 1;
  return (
    <>
      <h1>Top tipsters</h1>
      <AfterFirstPaint fallback={<p>holding the footer's place</p>}>
        <footer>Footer links</footer>
      </AfterFirstPaint>
    </>
  );
}

describe('AfterFirstPaint', () => {
  it('shows its stand-in in the first frame, then its content, without rendering the page again', async () => {
    render(<Page />);
    expect(screen.getByText("holding the footer's place")).not.toBeNull();
    expect(screen.queryByText('Footer links')).toBeNull();

    expect(await screen.findByText('Footer links')).not.toBeNull();
    expect(screen.queryByText("holding the footer's place")).toBeNull();
    expect(pageRenders).toBe(1);
  });
});
