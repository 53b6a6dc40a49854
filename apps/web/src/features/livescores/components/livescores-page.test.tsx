import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ESSENTIAL_ONLY, useConsentStore } from '../../../stores/consent-store';
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

beforeEach(() => {
  // The visitor allowed third-party content; the consent gate has its own test below.
  useConsentStore.getState().acceptAll();
});

afterEach(() => {
  vi.useRealTimers();
  resetTestKit();
  useConsentStore.setState({ hasDecided: false, choices: ESSENTIAL_ONLY });
});

const config = (livescoresUrl: string) =>
  new Response(JSON.stringify({ livescoresUrl, seoKeywords: false }), { status: 200 });

describe('Live scores page', () => {
  it('without consent, frames nothing until "Load live scores" is clicked (consent for live scores only)', async () => {
    useConsentStore.getState().essentialOnly();
    stubFetch((url) => (url === '/api/config' ? config('https://widgets.example.org/live') : undefined));
    renderWithProviders(<LivescoresPage />);
    const load = await screen.findByRole('button', { name: 'Load live scores' });
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(load);
    const frame = await screen.findByTitle('Live football scores widget');
    expect(frame.getAttribute('src')).toBe('https://widgets.example.org/live');
    expect(useConsentStore.getState().choices).toEqual({ paypal: false, livescores: true, recaptcha: false });
  });

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
