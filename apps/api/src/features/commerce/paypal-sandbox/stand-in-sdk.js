/*
 * Stand-in for the PayPal JS SDK (https://www.paypal.com/sdk/js), served by the API in
 * sandbox-local mode at /api/sandbox/paypal/sdk/js. It implements the part of the SDK the shop
 * uses, window.paypal.Buttons({ createOrder, onApprove, onCancel, onError, onClick, onInit, style })
 * .render(container), and plays PayPal's checkout window itself: after createOrder it shows the
 * amount, asks for the buyer's PayPal email and approves the order through the local emulator
 * (POST /api/sandbox/paypal/orders/{id}/approve), then calls onApprove({ orderID }).
 *
 * It is a plain external script with no inline code, no eval and no inline event handlers, so it
 * runs under a Content-Security-Policy of script-src 'self'. The buyer email defaults to
 * data-sandbox-buyer-email on the script tag, or sandbox-buyer@example.com.
 */
(() => {
  const script = document.currentScript;
  const scriptUrl = script?.src ? new URL(script.src, window.location.href) : null;
  const apiBase = scriptUrl
    ? new URL('../', scriptUrl)
    : new URL('/api/sandbox/paypal/', window.location.href);
  const namespace = script?.getAttribute('data-namespace') || 'paypal';
  const defaultBuyerEmail = script?.getAttribute('data-sandbox-buyer-email') || 'sandbox-buyer@example.com';
  const FUNDING = { PAYPAL: 'paypal', CARD: 'card', PAYLATER: 'paylater', VENMO: 'venmo' };
  const COLORS = {
    gold: { background: '#ffc439', text: '#111111', border: '#ffc439' },
    blue: { background: '#0070ba', text: '#ffffff', border: '#0070ba' },
    silver: { background: '#eeeeee', text: '#111111', border: '#cccccc' },
    white: { background: '#ffffff', text: '#111111', border: '#555555' },
    black: { background: '#2c2e2f', text: '#ffffff', border: '#2c2e2f' },
  };
  // Like PayPal's, the pay button speaks the `locale` the page loads the SDK with (de_DE, ar_EG…).
  const PAY_LABELS = {
    de: 'Bezahlen',
    ar: 'ادفع',
    fr: 'Payer',
    es: 'Pagar',
    it: 'Paga',
    pt: 'Pagar',
    ru: 'Оплатить',
    tr: 'Öde',
    zh: '付款',
    ja: '支払う',
    ko: '결제하기',
    id: 'Bayar',
    th: 'ชำระเงิน',
    he: 'תשלום',
  };
  const localeLanguage = (scriptUrl?.searchParams.get('locale') || 'en_US').split('_')[0];
  const LABELS = {
    pay: PAY_LABELS[localeLanguage] || 'Pay',
    paypal: 'PayPal',
    checkout: 'Checkout',
    buynow: 'Buy Now',
    subscribe: 'Subscribe',
    donate: 'Donate',
  };

  function request(method, path, body) {
    return fetch(new URL(path, apiBase).toString(), {
      method: method,
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    }).then((response) =>
      response
        .json()
        .catch(() => ({}))
        .then((json) => {
          if (!response.ok) {
            const issue = json?.details?.[0] ? json.details[0].issue : response.status;
            throw new Error(`PayPal sandbox: ${method} ${path} failed (${issue})`);
          }
          return json;
        }),
    );
  }

  function element(tag, styles, text) {
    const node = document.createElement(tag);
    if (styles) Object.assign(node.style, styles);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clampHeight(value) {
    const height = Number(value);
    if (!Number.isFinite(height)) return 33;
    return Math.min(55, Math.max(25, Math.round(height)));
  }

  /** PayPal's checkout window, played inline: amount, buyer email, Approve or Cancel. */
  function approvalPanel(host, orderId) {
    return request('GET', `orders/${encodeURIComponent(orderId)}`).then(
      (order) =>
        new Promise((resolve, reject) => {
          const panel = element('div', {
            marginTop: '8px',
            padding: '12px',
            border: '1px solid #c9ced6',
            borderRadius: '8px',
            background: '#ffffff',
            color: '#111111',
            fontFamily: 'Arial, Helvetica, sans-serif',
            fontSize: '14px',
            textAlign: 'left',
          });
          panel.setAttribute('role', 'dialog');
          panel.setAttribute('aria-label', 'PayPal sandbox checkout');
          panel.setAttribute('data-paypal-sandbox-panel', orderId);
          panel.appendChild(element('strong', { display: 'block', marginBottom: '6px' }, 'PayPal (sandbox)'));
          panel.appendChild(
            element(
              'p',
              { margin: '0 0 8px' },
              `You are paying ${order.amount.value} ${order.amount.currency_code}.`,
            ),
          );
          const inputId = `paypal-sandbox-email-${orderId}`;
          const label = element('label', { display: 'block', marginBottom: '4px' }, 'PayPal account email');
          label.setAttribute('for', inputId);
          const input = element('input', {
            display: 'block',
            width: '100%',
            boxSizing: 'border-box',
            padding: '6px 8px',
            marginBottom: '8px',
            border: '1px solid #8a9099',
            borderRadius: '4px',
          });
          input.id = inputId;
          input.type = 'email';
          input.autocomplete = 'email';
          input.value = defaultBuyerEmail;
          const approve = element(
            'button',
            {
              padding: '6px 14px',
              marginRight: '8px',
              border: '0',
              borderRadius: '999px',
              background: '#0070ba',
              color: '#ffffff',
              fontWeight: '700',
              cursor: 'pointer',
            },
            'Approve payment',
          );
          approve.type = 'button';
          const cancel = element(
            'button',
            {
              padding: '6px 14px',
              border: '1px solid #8a9099',
              borderRadius: '999px',
              background: '#ffffff',
              color: '#111111',
              cursor: 'pointer',
            },
            'Cancel',
          );
          cancel.type = 'button';
          const error = element('p', { margin: '8px 0 0', color: '#b00020' });
          error.setAttribute('role', 'alert');
          panel.appendChild(label);
          panel.appendChild(input);
          panel.appendChild(approve);
          panel.appendChild(cancel);
          panel.appendChild(error);
          host.appendChild(panel);
          approve.focus();

          function finish(result, failure) {
            if (panel.parentNode) panel.parentNode.removeChild(panel);
            if (failure) reject(failure);
            else resolve(result);
          }
          approve.addEventListener('click', () => {
            const email = input.value.trim();
            if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
              error.textContent = 'Enter the email address of your PayPal account.';
              input.focus();
              return;
            }
            approve.disabled = true;
            request('POST', `orders/${encodeURIComponent(orderId)}/approve`, { payerEmail: email }).then(
              (approved) => {
                finish({
                  approved: true,
                  payerId: approved.payer?.payer_id ? approved.payer.payer_id : 'SANDBOXPAYER',
                });
              },
              (failure) => {
                finish(null, failure);
              },
            );
          });
          cancel.addEventListener('click', () => {
            finish({ approved: false });
          });
        }),
    );
  }

  function Buttons(options) {
    const props = options || {};
    const style = props.style || {};
    const fundingSource = props.fundingSource;
    let root = null;
    let button = null;
    let enabled = true;
    let busy = false;

    function refreshDisabled() {
      if (!button) return;
      button.disabled = !enabled || busy;
      button.style.opacity = button.disabled ? '0.6' : '1';
      button.style.cursor = button.disabled ? 'default' : 'pointer';
    }

    function unsupported(name) {
      return () =>
        Promise.reject(
          new Error(`PayPal sandbox: actions.${name}() is not supported; call your server instead`),
        );
    }

    function report(error) {
      if (typeof props.onError === 'function')
        props.onError(error instanceof Error ? error : new Error(String(error)));
      else if (window.console) window.console.error(error);
    }

    function pay() {
      if (!enabled || busy) return;
      busy = true;
      refreshDisabled();
      let orderId = null;
      const clickResult =
        typeof props.onClick === 'function'
          ? props.onClick(
              { fundingSource: FUNDING.PAYPAL },
              { resolve: () => Promise.resolve(true), reject: () => Promise.resolve(false) },
            )
          : true;
      Promise.resolve(clickResult)
        .then((allowed) => {
          if (allowed === false) return null;
          if (typeof props.createOrder !== 'function')
            throw new Error('PayPal sandbox: createOrder is required');
          return Promise.resolve(
            props.createOrder(
              { paymentSource: FUNDING.PAYPAL },
              { order: { create: unsupported('order.create') } },
            ),
          ).then((id) => {
            if (!id) throw new Error('PayPal sandbox: createOrder did not return an order id');
            orderId = String(id);
            return approvalPanel(root, orderId);
          });
        })
        .then((result) => {
          if (!result) return undefined;
          if (!result.approved) {
            if (typeof props.onCancel === 'function') return props.onCancel({ orderID: orderId });
            return undefined;
          }
          if (typeof props.onApprove !== 'function') return undefined;
          return props.onApprove(
            {
              orderID: orderId,
              payerID: result.payerId,
              paymentID: orderId,
              facilitatorAccessToken: 'sandbox-local',
              paymentSource: FUNDING.PAYPAL,
            },
            {
              order: { capture: unsupported('order.capture'), get: unsupported('order.get') },
              restart: () => Promise.resolve(pay()),
              redirect: (url) => {
                window.location.assign(url);
              },
            },
          );
        })
        .catch(report)
        .then(() => {
          busy = false;
          refreshDisabled();
        });
    }

    return {
      isEligible: () => fundingSource === undefined || fundingSource === FUNDING.PAYPAL,
      render: (target) => {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host)
          return Promise.reject(new Error('PayPal sandbox: the container to render into was not found'));
        const height = clampHeight(style.height);
        const colors = COLORS[style.color] || COLORS.gold;
        const radius =
          style.shape === 'rect' ? '4px' : style.shape === 'sharp' ? '0' : `${Math.round(height / 2)}px`;
        root = element('div', {
          width: '100%',
          minWidth: '150px',
          maxWidth: style.disableMaxWidth ? 'none' : '750px',
        });
        root.setAttribute('data-paypal-sandbox', 'buttons');
        button = element(
          'button',
          {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: '100%',
            height: `${height}px`,
            padding: '0 16px',
            border: `1px solid ${colors.border}`,
            borderRadius: radius,
            background: colors.background,
            color: colors.text,
            fontFamily: 'Arial, Helvetica, sans-serif',
            fontSize: `${Math.max(13, Math.round(height * 0.45))}px`,
            fontWeight: '700',
            cursor: 'pointer',
          },
          LABELS[style.label] || LABELS.pay,
        );
        button.type = 'button';
        button.setAttribute('aria-label', `${LABELS[style.label] || LABELS.pay} with PayPal (sandbox)`);
        button.addEventListener('click', pay);
        root.appendChild(button);
        host.appendChild(root);
        refreshDisabled();
        if (typeof props.onInit === 'function') {
          props.onInit(
            {},
            {
              enable: () => {
                enabled = true;
                refreshDisabled();
                return Promise.resolve();
              },
              disable: () => {
                enabled = false;
                refreshDisabled();
                return Promise.resolve();
              },
            },
          );
        }
        return Promise.resolve();
      },
      updateProps: (next) => {
        Object.assign(props, next || {});
        return Promise.resolve();
      },
      close: () => {
        if (root?.parentNode) root.parentNode.removeChild(root);
        root = null;
        button = null;
        return Promise.resolve();
      },
      hasReturned: () => false,
    };
  }

  window[namespace] = {
    version: '5.0.0-sandbox-local',
    FUNDING: FUNDING,
    Buttons: Buttons,
    getFundingSources: () => [FUNDING.PAYPAL],
    isFundingEligible: (source) => source === FUNDING.PAYPAL,
  };
})();
