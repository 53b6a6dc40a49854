import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Tip } from '@tips/contract/tips.schemas';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../stores/cart-store';
import { useToastStore } from '../../../stores/toast-store';
import { useUserProfileStore } from '../../../stores/user-profile-store';
import { apiError, type FakeCall, type FakeReply, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { CheckoutPage } from './checkout-page';

// The PayPal SDK is exercised end to end in e2e; here only where the button appears matters.
vi.mock('../../../components/payments/paypal-pay-button', () => ({
  PaypalPayButton: ({ tipIds }: { tipIds: number[] }) => (
    <div data-testid="paypal-button">{tipIds.join(',')}</div>
  ),
}));

beforeAll(async () => {
  await initTestI18n();
});

function tip(id: number, price: number, overrides: Partial<Tip> = {}): Tip {
  return {
    id,
    tipsType: 'SENIOR',
    eventTime: '2030-05-01T18:30:00.000Z',
    eventName: 'Premier League',
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    bettingType: 3,
    bettingTypeName: 'Fixed Odd F.T',
    selection: null,
    reasoning: null,
    referenceOdds: null,
    oddsVerified: true,
    odds: 1.9,
    price,
    isFree: false,
    isFinalized: false,
    closingOdds: null,
    clv: null,
    noClosingPrice: false,
    isWin: null,
    result: null,
    outcome: null,
    resultDetails: null,
    fixtureId: null,
    currency: 'DOLLARS',
    isOwned: false,
    tipster: { id: 7, name: `Tipster ${id}`, category: 'SENIOR', profileImageUrl: null, results: [] },
    ...overrides,
  };
}

const TIPS = [tip(1, 25), tip(2, 5.5)];

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phone: '+44 1234 5678',
  country: 'United Kingdom',
  memberSince: '2025-01-05T10:00:00.000Z',
  creditBalance: 100,
  profileImage: null,
  emailVerified: true,
  roles: ['user'],
};

function cartReply(call: FakeCall): FakeReply {
  const ids = String((call.params as { tipIds: string }).tipIds)
    .split(',')
    .map(Number);
  const known = TIPS.filter((item) => ids.includes(item.id));
  const unknown = ids.filter((id) => !TIPS.some((item) => item.id === id));
  return [
    200,
    {
      data: known,
      unavailableIds: unknown,
      unavailable: unknown.map((id) => ({
        id,
        reason: 'SALES_CLOSED',
        message: 'Sales for this tip are closed',
      })),
    },
  ];
}

let api: ReturnType<typeof installFakeApi>;

function setUp(routes: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}, signedIn = true) {
  if (signedIn) localStorage.setItem('accessToken', 'access-1');
  useUserProfileStore.setState({ username: 'ada', balance: signedIn ? 100 : 0, profileImage: null });
  api = installFakeApi({
    'GET /tips/cart': cartReply,
    'GET /users/profile': [200, { data: PROFILE }],
    ...routes,
  });
  return renderPage(<CheckoutPage />, { path: '/cart/checkout' });
}

const methodSelect = () => screen.getByLabelText('Payment Options:') as HTMLSelectElement;
const chooseMethod = (value: number) =>
  fireEvent.change(methodSelect(), { target: { value: String(value) } });
const requestButton = () => screen.queryByRole('button', { name: 'Request Purchase' });

beforeEach(() => {
  useCartStore.getState().setTipIds([1, 2]);
});

afterEach(() => {
  api.restore();
  useCartStore.getState().clear();
  for (const item of useToastStore.getState().toasts) useToastStore.getState().dismiss(item.id);
});

describe('CheckoutPage', () => {
  it("is titled PAYMENTS and lists the cart under 'ITEM DETAILS' and 'PRICE'", async () => {
    setUp();
    expect(screen.getByRole('heading', { level: 1, name: 'PAYMENTS' })).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'ITEM DETAILS' })).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'PRICE' })).toBeDefined();
    expect(await screen.findByText('Home 1 vs Away 1')).toBeDefined();
    expect(screen.getByText('$25.00')).toBeDefined();
    expect(screen.getByText('$5.50')).toBeDefined();
  });

  it('defaults to Credits when signed in: total in Credits, the balance, no form', async () => {
    setUp();
    await screen.findByText('Home 1 vs Away 1');
    expect(methodSelect().value).toBe('11');
    expect([...methodSelect().options].map((option) => option.value)).toEqual([
      '10',
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '11',
    ]);
    expect(screen.getByTestId('checkout-total').textContent).toBe('30.50 Credits');
    expect(screen.getByText('Your balance')).toBeDefined();
    expect(screen.getByTestId('checkout-balance').textContent).toBe('100.00 Credits');
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(requestButton()).not.toBeNull();
    expect(screen.queryByTestId('paypal-button')).toBeNull();
  });

  it('switches: 10 shows the PayPal button and no form, other values the form and Request Purchase', async () => {
    setUp();
    await screen.findByText('Home 1 vs Away 1');

    chooseMethod(10);
    expect(screen.getByTestId('paypal-button').textContent).toBe('1,2');
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(requestButton()).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$30.50');
    expect(screen.queryByText('Your balance')).toBeNull();

    chooseMethod(3);
    expect(screen.queryByTestId('paypal-button')).toBeNull();
    for (const label of ['First name', 'Last name', 'Email address', 'Country', 'Phone number']) {
      expect(screen.getByLabelText(label)).toBeDefined();
    }
    expect(requestButton()).not.toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$30.50');
  });

  it('pays with credits: cart cleared, balance updated, success popup whose closing goes to /dashboard', async () => {
    let serverBalance = 100;
    setUp({
      'GET /users/profile': () => [200, { data: { ...PROFILE, creditBalance: serverBalance } }],
      'POST /tips/buy': () => {
        serverBalance = 69.5;
        return [200, { balance: 69.5, tipIds: [1, 2] }];
      },
    });
    await screen.findByText('Home 1 vs Away 1');
    fireEvent.click(requestButton() as HTMLElement);

    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(
      within(dialog).getByText(
        'Payment successful! Tips are now available on your Dashboard in the "Running Tips" section and also have been sent to your email.',
      ),
    ).toBeDefined();
    expect(api.callsTo('POST /tips/buy')[0].body).toEqual({ cart: [1, 2] });
    expect(useCartStore.getState().tipIds).toEqual([]);
    expect(useUserProfileStore.getState().balance).toBe(69.5);

    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect((await screen.findByTestId('other-page')).textContent).toBe('/dashboard');
  });

  it('shows the first server error in a failure popup', async () => {
    setUp({ 'POST /tips/buy': apiError(422, 'Not enough credits.', 'second') });
    await screen.findByText('Home 1 vs Away 1');
    fireEvent.click(requestButton() as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    expect(within(dialog).getByText('Not enough credits.')).toBeDefined();
    expect(useCartStore.getState().tipIds).toEqual([1, 2]);
  });

  it('requests a purchase with the required information, pre-filled from the account', async () => {
    setUp({ 'POST /tips/purchase': [200, { ok: true }] });
    await screen.findByText('Home 1 vs Away 1');
    chooseMethod(5);
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada'));
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+44 9999 0000' } });
    fireEvent.click(requestButton() as HTMLElement);

    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(
      within(dialog).getByText('Tips will be sent to your email soon, please check SPAM folder!'),
    ).toBeDefined();
    expect(api.callsTo('POST /tips/purchase')[0].body).toEqual({
      cart: [1, 2],
      method: 5,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      country: 'United Kingdom',
      mobile: '+44 9999 0000',
    });
    expect(useCartStore.getState().tipIds).toEqual([]);
  });

  it('validates the required information before sending a request', async () => {
    setUp({}, false);
    await screen.findByText('Home 1 vs Away 1');
    chooseMethod(0);
    fireEvent.click(requestButton() as HTMLElement);
    expect(await screen.findByText('First name is required.')).toBeDefined();
    expect(screen.getByText('Email address is required.')).toBeDefined();
    expect(api.callsTo('POST /tips/purchase')).toEqual([]);
  });

  it('invites visitors to sign in and offers them no Credits option', async () => {
    setUp({}, false);
    await screen.findByText('Home 1 vs Away 1');
    expect(screen.getByText(/Log in to pay with your credits/)).toBeDefined();
    expect(methodSelect().value).toBe('10');
    expect([...methodSelect().options].some((option) => option.value === '11')).toBe(false);
    expect(screen.getByTestId('paypal-button')).toBeDefined();
  });

  it("removes a tip from the cart and the list with 'Tip removed from cart'", async () => {
    setUp();
    await screen.findByText('Home 1 vs Away 1');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Home 1 vs Away 1 from the cart' }));
    await waitFor(() => expect(screen.queryByText('Home 1 vs Away 1')).toBeNull());
    expect(useCartStore.getState().tipIds).toEqual([2]);
    expect(useToastStore.getState().toasts.map((item) => item.message)).toContain('Tip removed from cart');
    expect(screen.getByTestId('checkout-total').textContent).toBe('5.50 Credits');
  });

  it('drops ids the server cannot sell and says why', async () => {
    useCartStore.getState().setTipIds([1, 2, 99]);
    setUp();
    expect(await screen.findByText('Sales for this tip are closed')).toBeDefined();
    await waitFor(() => expect(useCartStore.getState().tipIds).toEqual([1, 2]));
  });

  it('labels a tip whose odds were never checked against the market (decision 150), and only that one', async () => {
    setUp({
      'GET /tips/cart': [
        200,
        { data: [tip(1, 25), tip(2, 5.5, { oddsVerified: false })], unavailableIds: [], unavailable: [] },
      ],
    });
    await screen.findByText('Home 2 vs Away 2');
    const labels = screen.getAllByTestId('odds-not-verified');
    expect(labels).toHaveLength(1);
    expect(labels[0].textContent).toMatch(/not verified/i);
    expect(labels[0].closest('tr')?.textContent).toContain('Home 2 vs Away 2');
  });

  it('shows the empty cart', async () => {
    useCartStore.getState().clear();
    setUp();
    expect(await screen.findByText('Your cart is empty.')).toBeDefined();
  });
});
