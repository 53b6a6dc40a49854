import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useCartStore } from '../../../stores/cart-store';
import { initTestI18n } from '../../../test/i18n.test-support';
import {
  installFakeApi,
  makeAiTip,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../../test/public-test-kit.test-support';
import { AiTipsPage } from './ai-tips-page';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
  useCartStore.getState().clear();
});

function setUp() {
  stubFetch();
  // Deliberately out of order: the page sorts by id.
  const aiTips = [makeAiTip({ id: 3 }), makeAiTip({ id: 1 }), makeAiTip({ id: 4 }), makeAiTip({ id: 2 })];
  installFakeApi((request) => (request.url === '/tips/ai' ? { data: { aiTips } } : { status: 404 }));
  renderWithProviders(<AiTipsPage />);
}

const todaySection = () => screen.getByRole('region', { name: "Today's AI tips" });

describe('AI tips page', () => {
  it('lists the four plans with win rate, tips and price', () => {
    setUp();
    const plans = within(screen.getByRole('region', { name: 'Plan details' }));
    for (const name of ['Free tip', 'Daily tip', 'Weekly subscription', 'Monthly subscription']) {
      expect(plans.getByRole('heading', { name })).toBeDefined();
    }
    expect(plans.getAllByText('93%')).toHaveLength(2);
    expect(plans.getByText('$99.00')).toBeDefined();
    expect(plans.getByText('$449.00')).toBeDefined();
    expect(plans.getByText('$1249.00')).toBeDefined();
    expect(plans.getByText('7 tips in total')).toBeDefined();
    expect(plans.getByText('30 tips in total')).toBeDefined();
  });

  it("shows today's AI tips sorted by id, with the capped ai{n}.webp images", async () => {
    setUp();
    const cards = await within(todaySection()).findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'AI tip from AI Model 1',
      'AI tip from AI Model 2',
      'AI tip from AI Model 3',
      'AI tip from AI Model 4',
    ]);
    const images = cards.map((card) => card.querySelector('img')?.getAttribute('src'));
    expect(images).toEqual([
      '/api/users/profile-images/ai1.webp',
      '/api/users/profile-images/ai2.webp',
      '/api/users/profile-images/ai3.webp',
      '/api/users/profile-images/ai3.webp',
    ]);
  });

  it('shows SUBSCRIBE only for ids above 1, and FREE with the selection for the free tip', async () => {
    setUp();
    const [free, ...paid] = await within(todaySection()).findAllByRole('article');
    expect(within(free).queryByRole('button', { name: /SUBSCRIBE/ })).toBeNull();
    expect(within(free).getAllByText('FREE').length).toBeGreaterThan(0);
    expect(within(free).getByText('Away')).toBeDefined();
    for (const card of paid) {
      expect(within(card).getByRole('button', { name: /SUBSCRIBE/ })).toBeDefined();
      expect(within(card).getByText('Pending')).toBeDefined();
    }
  });

  it('SUBSCRIBE puts the plan tip in the cart and opens the Checkout/Continue popup', async () => {
    setUp();
    const cards = await within(todaySection()).findAllByRole('article');
    fireEvent.click(within(cards[2]).getByRole('button', { name: /SUBSCRIBE/ }));
    expect(useCartStore.getState().tipIds).toEqual([4003]);
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(within(dialog).getByRole('button', { name: /Checkout/ })).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDefined();
  });
});
