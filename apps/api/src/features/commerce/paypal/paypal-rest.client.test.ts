import { describe, expect, it } from 'vitest';
import { isPaypalError } from './paypal.port';
import { createPaypalRestClient, errorKindFor, parseAmountCents } from './paypal-rest.client';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function fakePaypal(handler: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body as string | undefined,
    };
    calls.push(call);
    const { status, body } = handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const order = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'ORDER1',
  status,
  purchase_units: [{ amount: { currency_code: 'USD', value: '237.50' }, ...extra }],
  payer: { email_address: 'payer@example.test' },
});

function tokenThen(handler: (call: Call) => { status: number; body: unknown }) {
  return (call: Call) =>
    call.url.endsWith('/v1/oauth2/token')
      ? { status: 200, body: { access_token: 'tok-1', token_type: 'Bearer', expires_in: 3600 } }
      : handler(call);
}

describe('PayPal REST adapter', () => {
  it('gets an OAuth token once with client credentials and sends PayPal-Request-Id on writes', async () => {
    const { calls, fetchImpl } = fakePaypal(tokenThen(() => ({ status: 201, body: order('CREATED') })));
    const client = createPaypalRestClient({
      apiBase: 'https://paypal.test/',
      clientId: 'id',
      clientSecret: 'secret',
      fetch: fetchImpl,
    });
    const created = await Promise.all([
      client.createOrder({
        referenceId: 'ref-1',
        amountCents: 23750,
        currency: 'USD',
        description: 'x',
        requestId: 'create-ref-1',
      }),
      client.getOrder('ORDER1'),
    ]);
    expect(created[0]).toEqual({
      id: 'ORDER1',
      status: 'CREATED',
      amount: { currency: 'USD', cents: 23750 },
      payerEmail: 'payer@example.test',
      captures: [],
    });
    const tokenCalls = calls.filter((c) => c.url.endsWith('/v1/oauth2/token'));
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0].headers.authorization).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(tokenCalls[0].body).toBe('grant_type=client_credentials');
    const create = calls.find((c) => c.url === 'https://paypal.test/v2/checkout/orders')!;
    expect(create.headers['paypal-request-id']).toBe('create-ref-1');
    expect(create.headers.authorization).toBe('Bearer tok-1');
    expect(JSON.parse(create.body!)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: 'ref-1', custom_id: 'ref-1', amount: { currency_code: 'USD', value: '237.50' } },
      ],
    });
  });

  it('reads captures and maps PayPal’s errors to kinds', async () => {
    let reply: { status: number; body: unknown } = {
      status: 201,
      body: order('COMPLETED', {
        payments: {
          captures: [{ id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '237.5' } }],
        },
      }),
    };
    const { calls, fetchImpl } = fakePaypal(tokenThen(() => reply));
    const client = createPaypalRestClient({
      apiBase: 'https://paypal.test',
      clientId: 'id',
      clientSecret: 's',
      fetch: fetchImpl,
    });
    const captured = await client.captureOrder('ORDER1', 'capture-x');
    expect(captured.captures).toEqual([
      { id: 'CAP1', status: 'COMPLETED', amount: { currency: 'USD', cents: 23750 } },
    ]);
    expect(calls.at(-1)?.url).toBe('https://paypal.test/v2/checkout/orders/ORDER1/capture');
    expect(calls.at(-1)?.headers['paypal-request-id']).toBe('capture-x');

    reply = {
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
    };
    const error = await client.captureOrder('ORDER1', 'capture-x').catch((e) => e);
    expect(isPaypalError(error, 'already-captured')).toBe(true);

    reply = { status: 503, body: {} };
    expect(isPaypalError(await client.getOrder('ORDER1').catch((e) => e), 'unavailable')).toBe(true);
  });

  it('renews an expired or revoked token and retries once', async () => {
    let tokens = 0;
    let rejectNext = true;
    const { fetchImpl } = fakePaypal((call) => {
      if (call.url.endsWith('/v1/oauth2/token')) {
        tokens++;
        return { status: 200, body: { access_token: `tok-${tokens}`, expires_in: 3600 } };
      }
      if (rejectNext) {
        rejectNext = false;
        return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
      }
      return { status: 200, body: order('APPROVED') };
    });
    let now = 0;
    const client = createPaypalRestClient({
      apiBase: 'https://p.test',
      clientId: 'a',
      clientSecret: 'b',
      fetch: fetchImpl,
      now: () => now,
    });
    expect((await client.getOrder('ORDER1')).status).toBe('APPROVED');
    expect(tokens).toBe(2);
    await client.getOrder('ORDER1');
    expect(tokens).toBe(2);
    now += 3600_000;
    await client.getOrder('ORDER1');
    expect(tokens).toBe(3);
  });

  it('turns network failures into "unavailable"', async () => {
    const client = createPaypalRestClient({
      apiBase: 'https://p.test',
      clientId: 'a',
      clientSecret: 'b',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    expect(isPaypalError(await client.getOrder('X').catch((e) => e), 'unavailable')).toBe(true);
  });

  it('parses amounts without floating point and classifies issues', () => {
    expect(parseAmountCents('237.50')).toBe(23750);
    expect(parseAmountCents('237.5')).toBe(23750);
    expect(parseAmountCents('0.07')).toBe(7);
    expect(parseAmountCents('12')).toBe(1200);
    expect(parseAmountCents('1e3')).toBeNull();
    expect(parseAmountCents('-1.00')).toBeNull();
    expect(parseAmountCents('1.005')).toBeNull();
    expect(errorKindFor(422, 'INSTRUMENT_DECLINED')).toBe('declined');
    expect(errorKindFor(422, 'ORDER_NOT_APPROVED')).toBe('not-approved');
    expect(errorKindFor(404, 'INVALID_RESOURCE_ID')).toBe('not-found');
    expect(errorKindFor(400, 'INVALID_PARAMETER_VALUE')).toBe('rejected');
    expect(errorKindFor(500, undefined)).toBe('unavailable');
  });
});

describe('PayPal Payouts through the REST adapter', () => {
  const input = {
    senderBatchId: 'payout-6f1c',
    senderItemId: 'payout-7',
    receiverEmail: 'tipster@example.test',
    amount: { currency: 'USD', cents: 3550 },
    note: 'Tipster earnings payout 7',
    emailSubject: 'You have a payout',
  };
  const client = (handler: (call: Call) => { status: number; body: unknown }) => {
    const fake = fakePaypal(tokenThen(handler));
    return {
      ...fake,
      port: createPaypalRestClient({
        apiBase: 'https://paypal.test',
        clientId: 'id',
        clientSecret: 'secret',
        fetch: fake.fetchImpl,
      }),
    };
  };

  it('posts one item under our sender_batch_id, amount as PayPal writes it, and reads the batch', async () => {
    const { calls, port } = client(() => ({
      status: 201,
      body: { batch_header: { payout_batch_id: 'BATCH1', batch_status: 'PENDING' } },
    }));
    expect(await port.createPayout(input)).toEqual({
      batchId: 'BATCH1',
      status: 'PENDING',
      duplicate: false,
    });
    const sent = calls.find((c) => c.url.endsWith('/v1/payments/payouts'))!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['paypal-request-id']).toBe('payout-6f1c');
    expect(JSON.parse(sent.body!)).toMatchObject({
      sender_batch_header: { sender_batch_id: 'payout-6f1c', recipient_type: 'EMAIL' },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: '35.50', currency: 'USD' },
          receiver: 'tipster@example.test',
          sender_item_id: 'payout-7',
        },
      ],
    });
  });

  it('reads a refused repeat of the sender_batch_id as the first batch: nothing is paid twice', async () => {
    const { port } = client(() => ({
      status: 400,
      body: {
        name: 'USER_BUSINESS_ERROR',
        message: 'Batch with given sender_batch_id already exists',
        links: [{ href: 'https://paypal.test/v1/payments/payouts/FIRST1', rel: 'self', method: 'GET' }],
      },
    }));
    expect(await port.createPayout(input)).toEqual({ batchId: 'FIRST1', status: 'PENDING', duplicate: true });
  });

  it('says "unavailable" for a 5xx (retry with the same id) and "rejected" for another refusal', async () => {
    const down = client(() => ({ status: 503, body: { name: 'SERVICE_UNAVAILABLE' } }));
    await expect(down.port.createPayout(input)).rejects.toSatisfy((e) => isPaypalError(e, 'unavailable'));
    const refused = client(() => ({ status: 422, body: { name: 'INSUFFICIENT_FUNDS' } }));
    await expect(refused.port.createPayout(input)).rejects.toSatisfy((e) => isPaypalError(e, 'rejected'));
  });
});
