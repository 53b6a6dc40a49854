import { type AxiosAdapter, AxiosError, type AxiosResponse } from 'axios';
import { axiosApiClient as apiClient } from '../lib/axios-client';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
  params: unknown;
  auth: string | null;
}

export type FakeReply = [status: number, body: unknown];
type Route = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

/** The API's error body (ARCHITECTURE: `{code, errors, requestId}`). */
export function apiError(status: number, ...errors: string[]): FakeReply {
  return [status, { code: 'TEST', errors, requestId: 'test-request' }];
}

/**
 * Answers the application's one API client from a table of `'METHOD /path'` routes, so component
 * tests run the real client (bearer header, refresh, error parsing) without a server. Unknown
 * routes answer 404.
 */
export function installFakeApi(routes: Record<string, Route>) {
  const calls: FakeCall[] = [];
  const original = apiClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const auth = config.headers.get('Authorization');
    const call: FakeCall = {
      method,
      url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      params: config.params,
      auth: typeof auth === 'string' ? auth : null,
    };
    calls.push(call);
    const route = routes[`${method} ${url}`];
    const [status, data] =
      route === undefined
        ? apiError(404, 'Not found')
        : typeof route === 'function'
          ? await route(call)
          : route;
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
  apiClient.defaults.adapter = adapter;
  return {
    calls,
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.url}` === route),
    restore: () => {
      apiClient.defaults.adapter = original;
    },
  };
}
