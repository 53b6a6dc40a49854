import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { BuyCreditsPage } from './buy-credits-page';
import { CreditPrice } from './credit-price';

vi.mock('../../../components/payments/paypal-credits-button', () => ({
  PaypalCreditsButton: ({ credits, onPaid }: { credits: number; onPaid: (balance: number) => void }) => (
    <button type="button" data-testid="paypal-credits" onClick={() => onPaid(600)}>
      PayPal {credits}
    </button>
  ),
}));

beforeAll(async () => {
  await initTestI18n();
});

let api: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => api?.restore());

function priceOf(credits: number) {
  const view = render(<CreditPrice credits={credits} />);
  const read = (id: string) => within(view.container).getByTestId(id).textContent;
  const result = {
    amount: read('credits-amount'),
    discount: read('credits-discount'),
    bonus: read('credits-bonus'),
    price: read('credits-price'),
  };
  view.unmount();
  return result;
}

describe('CreditPrice', () => {
  it.each([
    [100, '0%', '0.00 Credits', '$100.00'],
    [249, '0%', '0.00 Credits', '$249.00'],
    [250, '5%', '12.50 Credits', '$237.50'],
    [260, '5%', '13.00 Credits', '$247.00'],
    [500, '10%', '50.00 Credits', '$450.00'],
    [1000, '15%', '150.00 Credits', '$850.00'],
    [2500, '20%', '500.00 Credits', '$2000.00'],
    [5000, '25%', '1,250.00 Credits', '$3750.00'],
    [7300, '25%', '1,825.00 Credits', '$5475.00'],
  ])('%i credits: discount %s, bonus %s, price %s', (credits, discount, bonus, price) => {
    // Grouped as the header groups them (#21.5: one number format per language).
    const amount = `${credits.toLocaleString('en-US')}.00 Credits`;
    expect(priceOf(credits)).toEqual({ amount, discount, bonus, price });
  });

  it('shows nothing to pay for an empty amount', () => {
    expect(priceOf(Number.NaN)).toMatchObject({ price: '$0.00', bonus: '0.00 Credits' });
  });
});

describe('BuyCreditsPage', () => {
  it('offers PayPal and the methods 0 to 6, PayPal first', () => {
    api = installFakeApi({});
    renderPage(<BuyCreditsPage />, { path: '/buy-credits' });
    const select = screen.getByLabelText('Payment method') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual([
      '10',
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(select.value).toBe('10');
    expect(screen.getByTestId('paypal-credits').textContent).toBe('PayPal 100');
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(5);
  });

  it('arrives with the pack chosen on the dashboard selected', () => {
    api = installFakeApi({});
    renderPage(<BuyCreditsPage />, { path: '/buy-credits', state: { credits: 2500 } });
    expect((screen.getByLabelText('Credits') as HTMLInputElement).value).toBe('2500');
    expect(screen.getByRole('button', { pressed: true }).textContent).toContain('2500');
    expect(screen.getByTestId('credits-price').textContent).toBe('$2000.00');
  });

  it('takes a typed amount and prices it with the pack discount', () => {
    api = installFakeApi({});
    renderPage(<BuyCreditsPage />, { path: '/buy-credits' });
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: '600' } });
    expect(screen.getByTestId('credits-price').textContent).toBe('$540.00');
    expect(screen.getByTestId('credits-bonus').textContent).toBe('60.00 Credits');
    expect(screen.queryByRole('button', { pressed: true })).toBeNull();
  });

  it('refuses amounts outside 1 to 100000', () => {
    api = installFakeApi({});
    renderPage(<BuyCreditsPage />, { path: '/buy-credits' });
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: '0' } });
    expect(screen.getByText('Credits must be a whole number from 1 to 100000.')).toBeDefined();
    expect((screen.getByRole('button', { name: 'Request Purchase' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('requests credits by a manual method and confirms in a popup whose Ok goes to /dashboard', async () => {
    api = installFakeApi({ 'POST /credits/request': [200, { ok: true }] });
    renderPage(<BuyCreditsPage />, { path: '/buy-credits', state: { credits: 500 } });
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Purchase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(
      within(dialog).getByText('Tips will be sent to your email soon, please check SPAM folder!'),
    ).toBeDefined();
    expect(api.callsTo('POST /credits/request')[0].body).toEqual({ credits: 500, method: 3 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect((await screen.findByTestId('other-page')).textContent).toBe('/dashboard');
  });

  it('says the PayPal purchase was successful', async () => {
    api = installFakeApi({});
    renderPage(<BuyCreditsPage />, { path: '/buy-credits' });
    fireEvent.click(screen.getByTestId('paypal-credits'));
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('Your purchase was successful!')).toBeDefined();
    expect(
      within(dialog).getByText('Tips will be sent to your email soon, please check SPAM folder!'),
    ).toBeDefined();
  });

  it('shows nothing when a credit request fails', async () => {
    api = installFakeApi({ 'POST /credits/request': apiError(429, 'Too many requests.') });
    renderPage(<BuyCreditsPage />, { path: '/buy-credits' });
    fireEvent.change(screen.getByLabelText('Payment method'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Purchase' }));
    await vi.waitFor(() => expect(api?.calls).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
