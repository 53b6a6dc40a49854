import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCartStore } from '../../stores/cart-store';
import { useOddsFormatStore } from '../../stores/odds-format-store';
import { initTestI18n } from '../../test/i18n.test-support';
import {
  makeTip,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../test/public-test-kit.test-support';
import { TipCard } from './tip-card';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
  useCartStore.getState().clear();
});

function renderCard(overrides: Parameters<typeof makeTip>[0] = {}) {
  stubFetch();
  return renderWithProviders(<TipCard tip={makeTip(overrides)} />);
}

describe('TipCard', () => {
  it('shows every field SPEC §2 lists for a tip card', () => {
    renderCard();
    const card = screen.getByRole('article', { name: /Home 101 vs Away 101, tip by Kenji Haddad/ });
    const inCard = within(card);
    expect(inCard.getByRole('link', { name: /Kenji Haddad/ }).getAttribute('href')).toBe(
      '/tipster-profile/7',
    );
    expect(inCard.getByText('Premium')).toBeDefined();
    // Two layouts (tile and row) each carry the results; CSS shows one of them.
    expect(inCard.getAllByText('Last 5 results: Win, Loss, Win, Win, Loss').length).toBeGreaterThan(0);
    expect(inCard.getByRole('heading', { name: 'Home 101 vs Away 101' })).toBeDefined();
    expect(inCard.getByText('Asian Handicap F.T')).toBeDefined();
    expect(inCard.getByText('$25.00')).toBeDefined();
    expect(inCard.getByText('Pending')).toBeDefined();
    expect(inCard.getByRole('button', { name: /BUY NOW/ })).toBeDefined();
    expect(inCard.getByRole('button', { name: 'Pay' })).toBeDefined();
  });

  it('prints the kick-off in en-GB with a 24-hour clock, in the viewer’s named time zone', () => {
    renderCard({ eventTime: '2026-11-22T18:30:00.000Z' });
    const time = document.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-22T18:30:00.000Z');
    // "22/11/2026, 18:30 GMT" or "… GMT+1", "… CET": the zone is named.
    expect(time?.textContent).toMatch(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2} \S+$/);
    expect(time?.textContent).not.toMatch(/am|pm/i);
  });

  it('shows the odds in the chosen format', () => {
    useOddsFormatStore.getState().setFormat('FRACTIONAL');
    renderCard({ odds: 2.5 });
    expect(screen.getByTestId('tip-odds').textContent).toBe('3/2');
    useOddsFormatStore.getState().setFormat('AMERICAN');
    renderCard({ odds: 1.5 });
    expect(screen.getAllByTestId('tip-odds').map((node) => node.textContent)).toContain('-200');
    useOddsFormatStore.getState().setFormat('DECIMAL');
  });

  it('shows a visible selection instead of Pending', () => {
    renderCard({ selection: 'Over 2.5' });
    expect(screen.getByText('Over 2.5')).toBeDefined();
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it('offers no purchase for free or owned tips', () => {
    const { unmount } = renderCard({ isFree: true, price: 0, selection: 'Away' });
    expect(screen.getByText('FREE')).toBeDefined();
    expect(screen.queryByRole('button', { name: /BUY NOW/ })).toBeNull();
    unmount();
    renderCard({ isOwned: true, selection: 'Home' });
    expect(screen.getByText('Purchased')).toBeDefined();
    expect(screen.queryByRole('button', { name: /BUY NOW/ })).toBeNull();
  });

  it('BUY NOW adds the tip to the cart and opens the Message popup; Continue closes it', async () => {
    renderCard({ id: 55 });
    fireEvent.click(screen.getByRole('button', { name: /BUY NOW/ }));
    expect(useCartStore.getState().tipIds).toEqual([55]);
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(within(dialog).getByText('The tip was added to your cart.')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Checkout in the popup goes to /cart/checkout', async () => {
    const { router } = renderCard({ id: 56 });
    fireEvent.click(screen.getByRole('button', { name: /BUY NOW/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Checkout/ }));
    expect(await screen.findByRole('heading', { name: 'checkout page' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/cart/checkout');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('buying the same tip twice keeps it once in the cart', async () => {
    renderCard({ id: 57 });
    fireEvent.click(screen.getByRole('button', { name: /BUY NOW/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: /BUY NOW/ }));
    expect(useCartStore.getState().tipIds).toEqual([57]);
  });
});
