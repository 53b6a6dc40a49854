import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderWithProviders, resetTestKit, stubFetch } from '../../../test/public-test-kit.test-support';
import { LivescoresPage, WIDGET_TIMEOUT_MS } from './livescores-page';

beforeAll(async () => {
  await initTestI18n();
  // happy-dom would otherwise really fetch the framed third-party page.
  const happyDom = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } })
    .happyDOM;
  if (happyDom) happyDom.settings.disableIframePageLoading = true;
});

afterEach(() => {
  vi.useRealTimers();
  resetTestKit();
});

const config = (livescoresUrl: string) =>
  new Response(JSON.stringify({ livescoresUrl, seoKeywords: false }), { status: 200 });

describe('Live scores page', () => {
  it('frames the widget named by GET /api/config', async () => {
    stubFetch((url) => (url === '/api/config' ? config('https://widgets.example.org/live') : undefined));
    renderWithProviders(<LivescoresPage />);
    const frame = await screen.findByTitle('Live football scores widget');
    expect(frame.getAttribute('src')).toBe('https://widgets.example.org/live');
    expect(
      screen.getAllByRole('link', { name: /Open live scores in a new tab/ })[0].getAttribute('href'),
    ).toBe('https://widgets.example.org/live');
  });

  it('falls back to the built-in address without config, and to a clear notice when the frame never loads', async () => {
    stubFetch();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<LivescoresPage />);
    const frame = await screen.findByTitle('Live football scores widget');
    expect(frame.getAttribute('src')).toBe('https://www.scorebat.com/embed/livescore/');
    await act(async () => {
      vi.advanceTimersByTime(WIDGET_TIMEOUT_MS + 10);
    });
    expect(screen.getByRole('alert').textContent).toMatch(/Live scores are unavailable/);
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByTitle('Live football scores widget')).toBeDefined();
  });
});
