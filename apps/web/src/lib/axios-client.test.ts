import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserProfileStore } from '../stores/user-profile-store';
import { firstErrorMessage } from './api-errors';
import { createApiClient, REFRESH_PATH } from './axios-client';
import { setNavigator } from './navigation';

interface Call {
  url: string;
  auth: string | null;
  body: unknown;
}

type Handler = (config: InternalAxiosRequestConfig) => Promise<[number, unknown]> | [number, unknown];

function fakeServer(handler: Handler) {
  const calls: Call[] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const auth = config.headers.get('Authorization');
    calls.push({
      url: config.url ?? '',
      auth: typeof auth === 'string' ? auth : null,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    });
    const [status, data] = await handler(config);
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    }
    return response;
  };
  const callsTo = (url: string) => calls.filter((call) => call.url === url);
  return { adapter, calls, callsTo };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unauthorized: [number, unknown] = [
  401,
  { code: 'UNAUTHORIZED', errors: ['Please log in'], requestId: 'r' },
];

function storeTokens(accessToken: string, refreshToken?: string) {
  localStorage.setItem('accessToken', accessToken);
  if (refreshToken) localStorage.setItem('refreshToken', refreshToken);
}

/** What another tab's write looks like from here: the value changes, then a `storage` event fires. */
function writeFromOtherTab(key: string, value: string) {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
  useUserProfileStore.setState({ username: 'alice', balance: 12.5, profileImage: '/a.webp' });
});

afterEach(() => {
  setNavigator(null);
});

describe('api client session refresh', () => {
  it('sends the stored access token as a bearer header', async () => {
    storeTokens('tok-1', 'ref-1');
    const server = fakeServer(() => [200, { ok: true }]);
    await createApiClient({ adapter: server.adapter }).get('/tips');
    expect(server.calls).toEqual([{ url: '/tips', auth: 'Bearer tok-1', body: undefined }]);
  });

  it('runs exactly one refresh for concurrent 401s and retries each request once with the new token', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer(async (config) => {
      if (config.url === REFRESH_PATH) {
        await delay(20);
        return [200, { accessToken: 'new', refreshToken: 'refresh-2' }];
      }
      return config.headers.get('Authorization') === 'Bearer new' ? [200, { url: config.url }] : unauthorized;
    });
    const client = createApiClient({ adapter: server.adapter });

    const results = await Promise.all(['/a', '/b', '/c', '/d'].map((url) => client.get(url)));

    expect(results.map((result) => result.data)).toEqual([
      { url: '/a' },
      { url: '/b' },
      { url: '/c' },
      { url: '/d' },
    ]);
    expect(server.callsTo(REFRESH_PATH)).toEqual([
      { url: REFRESH_PATH, auth: null, body: { RefreshToken: 'refresh-1' } },
    ]);
    for (const url of ['/a', '/b', '/c', '/d']) {
      expect(server.callsTo(url).map((call) => call.auth)).toEqual(['Bearer old', 'Bearer new']);
    }
    expect(localStorage.getItem('accessToken')).toBe('new');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('queues a request that fails while the refresh is already running', async () => {
    storeTokens('old', 'refresh-1');
    let finishRefresh: (reply: [number, unknown]) => void = () => {};
    const server = fakeServer((config) => {
      if (config.url === REFRESH_PATH) return new Promise((resolve) => (finishRefresh = resolve));
      return config.headers.get('Authorization') === 'Bearer new' ? [200, config.url] : unauthorized;
    });
    const client = createApiClient({ adapter: server.adapter });

    const first = client.get('/first');
    await vi.waitFor(() => expect(server.callsTo(REFRESH_PATH)).toHaveLength(1));
    // Sent with the old token after the refresh started: it must wait for that refresh, not start one.
    const late = client.get('/late');
    await vi.waitFor(() => expect(server.callsTo('/late')).toHaveLength(1));
    finishRefresh([200, { accessToken: 'new', refreshToken: 'refresh-2' }]);

    await expect(Promise.all([first, late])).resolves.toMatchObject([{ data: '/first' }, { data: '/late' }]);
    expect(server.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(server.callsTo('/late').map((call) => call.auth)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('sends no bearer header when no token is stored', async () => {
    const server = fakeServer(() => [200, 'ok']);
    await createApiClient({ adapter: server.adapter }).get('/tips');
    expect(server.calls[0].auth).toBeNull();
  });

  it('retries a request only once even if the retry gets another 401', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer((config) =>
      config.url === REFRESH_PATH ? [200, { accessToken: 'new', refreshToken: 'refresh-2' }] : unauthorized,
    );
    const client = createApiClient({ adapter: server.adapter });

    await expect(client.get('/always-401')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.callsTo('/always-401')).toHaveLength(2);
    expect(server.callsTo(REFRESH_PATH)).toHaveLength(1);
  });

  it('clears the tokens and profile and goes to /login when the refresh fails', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer(async (config) => {
      if (config.url === REFRESH_PATH) {
        await delay(10);
        return unauthorized;
      }
      return unauthorized;
    });
    const client = createApiClient({ adapter: server.adapter });

    const outcomes = await Promise.allSettled(['/a', '/b', '/c'].map((url) => client.get(url)));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(server.callsTo(REFRESH_PATH)).toHaveLength(1);
    for (const url of ['/a', '/b', '/c']) expect(server.callsTo(url)).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(useUserProfileStore.getState()).toMatchObject({ username: null, balance: 0, profileImage: null });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('goes to /login without a refresh call when no refresh token is stored', async () => {
    storeTokens('old');
    const server = fakeServer(() => unauthorized);
    const client = createApiClient({ adapter: server.adapter });

    await expect(client.get('/tips/following')).rejects.toBeInstanceOf(AxiosError);
    expect(server.callsTo(REFRESH_PATH)).toHaveLength(0);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('leaves a 401 from the login call alone', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer(() => unauthorized);
    const client = createApiClient({ adapter: server.adapter });

    await expect(client.post('/users/login', { Username: 'a', Password: 'b' })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(server.callsTo(REFRESH_PATH)).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('ends the session when a refresh call made elsewhere gets a 401', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer(() => unauthorized);
    const client = createApiClient({ adapter: server.adapter });

    await expect(client.post(REFRESH_PATH, { RefreshToken: 'refresh-1' })).rejects.toBeInstanceOf(AxiosError);
    expect(server.callsTo(REFRESH_PATH)).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('retries straight away with a token that was renewed after the request left', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer((config) => {
      if (config.headers.get('Authorization') === 'Bearer old') {
        localStorage.setItem('accessToken', 'renewed-elsewhere');
        return unauthorized;
      }
      return [200, 'ok'];
    });
    const client = createApiClient({ adapter: server.adapter });

    await expect(client.get('/x')).resolves.toMatchObject({ data: 'ok' });
    expect(server.callsTo('/x').map((call) => call.auth)).toEqual(['Bearer old', 'Bearer renewed-elsewhere']);
    expect(server.callsTo(REFRESH_PATH)).toHaveLength(0);
  });

  it('uses the pair another tab stored when our refresh loses the rotation race', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer((config) => {
      if (config.url === REFRESH_PATH) {
        // The other tab rotated refresh-1 first, so the server refuses ours.
        localStorage.setItem('accessToken', 'from-other-tab');
        localStorage.setItem('refreshToken', 'refresh-2');
        return unauthorized;
      }
      return config.headers.get('Authorization') === 'Bearer from-other-tab' ? [200, 'ok'] : unauthorized;
    });
    const client = createApiClient({ adapter: server.adapter });

    await expect(client.get('/x')).resolves.toMatchObject({ data: 'ok' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('retries the refresh once with a newer refresh token stored meanwhile', async () => {
    storeTokens('old', 'refresh-1');
    const server = fakeServer((config) => {
      if (config.url === REFRESH_PATH) {
        const body = JSON.parse(String(config.data)) as { RefreshToken: string };
        if (body.RefreshToken === 'refresh-1') {
          localStorage.setItem('refreshToken', 'refresh-2');
          return unauthorized;
        }
        return [200, { accessToken: 'new', refreshToken: 'refresh-3' }];
      }
      return config.headers.get('Authorization') === 'Bearer new' ? [200, 'ok'] : unauthorized;
    });
    const client = createApiClient({ adapter: server.adapter });

    await expect(client.get('/x')).resolves.toMatchObject({ data: 'ok' });
    expect(server.callsTo(REFRESH_PATH).map((call) => call.body)).toEqual([
      { RefreshToken: 'refresh-1' },
      { RefreshToken: 'refresh-2' },
    ]);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-3');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lets waiting requests go on as soon as another tab stores a fresh token', async () => {
    storeTokens('old', 'refresh-1');
    let failOurRefresh: (value: [number, unknown]) => void = () => {};
    const server = fakeServer((config) => {
      if (config.url === REFRESH_PATH) return new Promise((resolve) => (failOurRefresh = resolve));
      return config.headers.get('Authorization') === 'Bearer from-other-tab' ? [200, 'ok'] : unauthorized;
    });
    const client = createApiClient({ adapter: server.adapter });

    const pending = Promise.all([client.get('/a'), client.get('/b')]);
    await vi.waitFor(() => expect(server.callsTo(REFRESH_PATH)).toHaveLength(1));
    writeFromOtherTab('accessToken', 'from-other-tab');
    writeFromOtherTab('refreshToken', 'refresh-2');

    await expect(pending).resolves.toHaveLength(2);
    // Our own refresh then fails (its token was rotated by the other tab): the session survives.
    failOurRefresh(unauthorized);
    await delay(0);
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBe('from-other-tab');
  });
});

describe('firstErrorMessage', () => {
  it('reads the first message of the API error body', async () => {
    const server = fakeServer(() => [
      422,
      { code: 'UNPROCESSABLE', errors: ['Not enough credits.', 'second'], requestId: 'req-1' },
    ]);
    const error = await createApiClient({ adapter: server.adapter })
      .post('/tips/buy')
      .catch((caught: unknown) => caught);
    expect(firstErrorMessage(error)).toBe('Not enough credits.');
  });

  it('is undefined for errors without an API body', () => {
    expect(firstErrorMessage(new Error('boom'))).toBeUndefined();
    expect(firstErrorMessage(null)).toBeUndefined();
  });
});
