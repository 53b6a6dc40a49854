import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../stores/cart-store';
import { ESSENTIAL_ONLY, useConsentStore } from '../../stores/consent-store';
import { apiError, type FakeReply, installFakeApi } from '../../test/fake-api.test-support';
import { initTestI18n } from '../../test/i18n.test-support';
import { renderPage, TEST_PUBLIC_CONFIG } from '../../test/render-page.test-support';
import { PAYPAL_BUTTON_STYLE, paypalScriptOptions } from './paypal-buttons-slot';
import { PaypalPayButton } from './paypal-pay-button';

// A stand-in for @paypal/react-paypal-js: the loader state is set per test and the "button" runs
// createOrder → onApprove (or onError) as the SDK does after the buyer approves.
const sdk = vi.hoisted(() => ({
  state: 'resolved' as 'pending' | 'resolved' | 'rejected',
  style: undefined as unknown,
}));

interface FakeButtonsProps {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onError: (error: Error) => void;
  style: unknown;
  disabled?: boolean;
}

vi.mock('@paypal/react-paypal-js', () => ({
  SCRIPT_LOADING_STATE: {
    INITIAL: 'initial',
    PENDING: 'pending',
    REJECTED: 'rejected',
    RESOLVED: 'resolved',
  },
  PayPalScriptProvider: ({ children }: { children: ReactNode }) => children,
  usePayPalScriptReducer: () => [
    {
      isInitial: false,
      isPending: sdk.state === 'pending',
      isRejected: sdk.state === 'rejected',
      isResolved: sdk.state === 'resolved',
    },
  ],
  PayPalButtons: ({ createOrder, onApprove, onError, style, disabled }: FakeButtonsProps) => {
    sdk.style = style;
    return (
      <button
        type="button"
        disabled={disabled}
        onClick={() => {
          createOrder().then(
            (orderID) => onApprove({ orderID }),
            (error: Error) => onError(error),
          );
        }}
      >
        Pay with PayPal
      </button>
    );
  },
}));

beforeAll(async () => {
  await initTestI18n();
});

let api: ReturnType<typeof installFakeApi>;
beforeEach(() => {
  sdk.state = 'resolved';
  useCartStore.getState().setTipIds([4, 5, 6]);
  // The visitor allowed third-party content; the consent gate has its own test below.
  useConsentStore.getState().acceptAll();
});
afterEach(() => {
  api.restore();
  useCartStore.getState().clear();
  useConsentStore.setState({ hasDecided: false, choices: ESSENTIAL_ONLY });
});

function renderButton(routes: Record<string, FakeReply>, tipIds = [4, 5]) {
  api = installFakeApi(routes);
  return renderPage(<PaypalPayButton tipIds={tipIds} />, { path: '/cart/checkout' });
}

const pay = async () => fireEvent.click(await screen.findByRole('button', { name: 'Pay with PayPal' }));

describe('PaypalPayButton', () => {
  it('without consent, shows "Load PayPal" instead of loading the SDK; the click allows PayPal only', async () => {
    useConsentStore.getState().essentialOnly();
    renderButton({});
    const load = await screen.findByRole('button', { name: 'Load PayPal' });
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
    expect(sdk.style).toBeUndefined();
    fireEvent.click(load);
    await screen.findByRole('button', { name: 'Pay with PayPal' });
    expect(useConsentStore.getState().choices).toEqual({ paypal: true, livescores: false, recaptcha: false });
  });

  it('is gold, pill-shaped, 33 px high, horizontal and labelled pay', async () => {
    renderButton({});
    await screen.findByRole('button', { name: 'Pay with PayPal' });
    expect(sdk.style).toEqual({
      layout: 'horizontal',
      color: 'gold',
      shape: 'pill',
      label: 'pay',
      height: 33,
      tagline: false,
    });
    expect(PAYPAL_BUTTON_STYLE.height).toBe(33);
  });

  it('loads the SDK from the deployment’s SDK URL with its client id', () => {
    expect(paypalScriptOptions(TEST_PUBLIC_CONFIG)).toMatchObject({
      clientId: 'sandbox-local',
      sdkBaseUrl: '/api/sandbox/paypal/sdk/js',
      currency: 'USD',
      intent: 'capture',
    });
  });

  it('creates the order, captures it, takes the tips out of the cart and shows the success popup', async () => {
    localStorage.setItem('accessToken', 'access-1');
    renderButton({
      'POST /tips/purchase/paypal': [200, { orderId: 'ORDER1' }],
      'POST /tips/paypal/capture': [200, { tipIds: [4, 5] }],
    });
    await pay();
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(
      within(dialog).getByText(
        'Payment successful! Tips are now available on your Dashboard in the "Running Tips" section and also have been sent to your email.',
      ),
    ).toBeDefined();
    expect(api.callsTo('POST /tips/purchase/paypal')[0].body).toEqual({ cart: [4, 5] });
    expect(api.callsTo('POST /tips/paypal/capture')[0].body).toEqual({ orderId: 'ORDER1' });
    expect(useCartStore.getState().tipIds).toEqual([6]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect((await screen.findByTestId('other-page')).textContent).toBe('/dashboard');
  });

  it('tells a visitor the tips come by email and keeps them on the page', async () => {
    renderButton({
      'POST /tips/purchase/paypal': [200, { orderId: 'ORDER2' }],
      'POST /tips/paypal/capture': [200, { tipIds: [4, 5] }],
    });
    await pay();
    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(
      within(dialog).getByText('Tips will be sent to your email soon, please check SPAM folder!'),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('other-page')).toBeNull();
  });

  it('shows the server’s first error when the order cannot be created', async () => {
    renderButton({ 'POST /tips/purchase/paypal': apiError(422, 'Sales for this tip are closed', 'other') });
    await pay();
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    expect(within(dialog).getByText('Sales for this tip are closed')).toBeDefined();
    expect(useCartStore.getState().tipIds).toEqual([4, 5, 6]);
  });

  it('shows the server’s first error when the capture fails', async () => {
    renderButton({
      'POST /tips/purchase/paypal': [200, { orderId: 'ORDER3' }],
      'POST /tips/paypal/capture': apiError(
        422,
        'The payment could not be completed. You have not been charged.',
      ),
    });
    await pay();
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    expect(
      within(dialog).getByText('The payment could not be completed. You have not been charged.'),
    ).toBeDefined();
  });

  it('holds the space while the SDK loads and says card payments are unavailable when it fails', async () => {
    sdk.state = 'pending';
    const view = renderButton({});
    await waitFor(() => expect(view.container.querySelector('[data-paypal-state="pending"]')).not.toBeNull());
    view.unmount();
    api.restore();

    sdk.state = 'rejected';
    renderButton({});
    expect(
      await screen.findByText('Card payments are unavailable right now. Please try again later.'),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
  });
});
