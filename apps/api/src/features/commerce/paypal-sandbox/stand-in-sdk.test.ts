import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SDK = readFileSync(new URL('./stand-in-sdk.js', import.meta.url), 'utf8');
const SDK_URL = 'http://shop.test/api/sandbox/paypal/sdk/js?client-id=sb&currency=USD';

interface PaypalButtonsInstance {
  isEligible(): boolean;
  render(target: unknown): Promise<void>;
  close(): Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: Record<string, unknown>): PaypalButtonsInstance;
  version: string;
}

const windows: Window[] = [];
afterEach(async () => {
  for (const w of windows.splice(0)) await w.happyDOM.close();
});

/** Runs the SDK as the browser would run the <script src> the PayPal loader inserts. */
function loadSdk(fetchImpl: typeof fetch, attributes: Record<string, string> = {}, sdkUrl = SDK_URL) {
  const window = new Window({ url: 'http://shop.test/cart/checkout' });
  windows.push(window);
  const script = window.document.createElement('script');
  script.setAttribute('src', sdkUrl);
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  window.document.head.appendChild(script);
  Object.defineProperty(window.document, 'currentScript', { value: script, configurable: true });
  // biome-ignore lint/complexity/noBannedTypes: evaluating the served script in the fake page.
  const run = new Function('window', 'document', 'fetch', SDK) as Function;
  run(window, window.document, fetchImpl);
  const container = window.document.createElement('div');
  window.document.body.appendChild(container);
  return { window, container, paypal: (window as unknown as { paypal: PaypalNamespace }).paypal };
}

function emulator() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? 'GET', url: String(url), body });
    if (String(url).endsWith('/approve')) {
      return new Response(
        JSON.stringify({ id: 'ORDER123', status: 'APPROVED', payer: { payer_id: 'PAYER1' } }),
        {
          status: 200,
        },
      );
    }
    return new Response(
      JSON.stringify({
        id: 'ORDER123',
        status: 'CREATED',
        amount: { currency_code: 'USD', value: '237.50' },
      }),
      { status: 200 },
    );
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function until(check: () => unknown) {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await tick();
  }
  throw new Error('condition not reached');
}

describe('stand-in PayPal JS SDK', () => {
  // #21.5: on de.* and ar-ae.* the button read English "Pay" beside translated text.
  it('labels the pay button in the locale the page loads it with', async () => {
    for (const [locale, label] of [
      ['de_DE', 'Bezahlen'],
      ['ar_EG', 'ادفع'],
      ['en_US', 'Pay'],
    ]) {
      const { paypal, container } = loadSdk(emulator().fetchImpl, {}, `${SDK_URL}&locale=${locale}`);
      await paypal.Buttons({ style: { label: 'pay', height: 33 } }).render(container);
      expect(container.querySelector('button')!.textContent).toBe(label);
    }
  });

  it('renders a gold, pill-shaped, 33 px Pay button', async () => {
    const { paypal, container } = loadSdk(emulator().fetchImpl);
    expect(paypal.version).toContain('sandbox');
    const buttons = paypal.Buttons({
      style: { layout: 'horizontal', color: 'gold', shape: 'pill', label: 'pay', height: 33 },
    });
    expect(buttons.isEligible()).toBe(true);
    await buttons.render(container);
    const button = container.querySelector('button')!;
    expect(button.textContent).toBe('Pay');
    expect(button.getAttribute('aria-label')).toBe('Pay with PayPal (sandbox)');
    expect(button.style.height).toBe('33px');
    expect(button.style.borderRadius).toBe('17px');
    expect(button.style.background).toContain('#ffc439');
    await buttons.close();
    expect(container.querySelector('button')).toBeNull();
  });

  it('runs createOrder → the buyer approves in the emulator → onApprove with the order id', async () => {
    const { calls, fetchImpl } = emulator();
    const { paypal, container } = loadSdk(fetchImpl, { 'data-sandbox-buyer-email': 'buyer@example.test' });
    const createOrder = vi.fn(async () => 'ORDER123');
    const onApprove = vi.fn(async (_data: Record<string, unknown>) => {});
    await paypal.Buttons({ createOrder, onApprove, style: { height: 33 } }).render(container);

    container.querySelector('button')!.click();
    await until(() => container.querySelector('[role="dialog"]'));
    const dialog = container.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('You are paying 237.50 USD.');
    const email = dialog.querySelector('input') as unknown as { value: string };
    expect(email.value).toBe('buyer@example.test');
    email.value = 'payer@example.test';
    const approve = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Approve payment')!;
    approve.click();
    await until(() => onApprove.mock.calls.length > 0);

    expect(createOrder).toHaveBeenCalledTimes(1);
    expect(onApprove.mock.calls[0][0]).toMatchObject({ orderID: 'ORDER123', payerID: 'PAYER1' });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', 'http://shop.test/api/sandbox/paypal/orders/ORDER123'],
      ['POST', 'http://shop.test/api/sandbox/paypal/orders/ORDER123/approve'],
    ]);
    expect(calls[1].body).toEqual({ payerEmail: 'payer@example.test' });
    await until(() => !container.querySelector('[role="dialog"]'));
  });

  it('reports a cancelled checkout to onCancel and a failing createOrder to onError', async () => {
    const { fetchImpl } = emulator();
    const { paypal, container } = loadSdk(fetchImpl);
    const onCancel = vi.fn();
    const onApprove = vi.fn();
    await paypal.Buttons({ createOrder: async () => 'ORDER123', onApprove, onCancel }).render(container);
    container.querySelector('button')!.click();
    await until(() => container.querySelector('[role="dialog"]'));
    const cancel = [...container.querySelectorAll('[role="dialog"] button')].find(
      (b) => b.textContent === 'Cancel',
    );
    (cancel as unknown as { click(): void }).click();
    await until(() => onCancel.mock.calls.length > 0);
    expect(onCancel).toHaveBeenCalledWith({ orderID: 'ORDER123' });
    expect(onApprove).not.toHaveBeenCalled();

    const second = loadSdk(fetchImpl);
    const onError = vi.fn();
    await second.paypal
      .Buttons({
        createOrder: async () => {
          throw new Error('Tip #5: not found');
        },
        onError,
      })
      .render(second.container);
    second.container.querySelector('button')!.click();
    await until(() => onError.mock.calls.length > 0);
    expect((onError.mock.calls[0][0] as Error).message).toBe('Tip #5: not found');
  });

  it('contains nothing a strict CSP (script-src self, no inline) would block', () => {
    expect(SDK).not.toMatch(
      /\beval\s*\(|new Function|innerHTML|insertAdjacentHTML|document\.write|setAttribute\(\s*['"]on|javascript:/,
    );
  });
});
