import type { AxiosInstance } from 'axios';

/**
 * The application's one API client, as its pages use it. axios and the session handling
 * (lib/axios-client.ts) load at the first request, not with the page: on the list pages their
 * 20 KB chunk was a script every route waited for before its first frame, ~0.1 s of Lighthouse's
 * simulated slow 4G before the largest paint (issue #32.3), while no page asks the API before that
 * frame is shown (lib/page-data-hold.ts).
 */
type ApiClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'delete'>;

let loading: Promise<AxiosInstance> | null = null;
const loadClient = () => {
  loading ??= import('./axios-client').then((module) => module.axiosApiClient);
  return loading;
};

/** One of axios's methods, called on the client once it has loaded. */
function whenLoaded<Method extends keyof ApiClient>(method: Method): AxiosInstance[Method] {
  return ((...args: unknown[]) =>
    loadClient().then((client) =>
      (client[method] as (...rest: unknown[]) => unknown).apply(client, args),
    )) as AxiosInstance[Method];
}

export const apiClient: ApiClient = {
  get: whenLoaded('get'),
  post: whenLoaded('post'),
  put: whenLoaded('put'),
  delete: whenLoaded('delete'),
};
