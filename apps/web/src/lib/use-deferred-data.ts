import { useDeferredValue } from 'react';

/**
 * A query's data, rendered in a background pass that React splits into short tasks: rendering a
 * page's worth of arrived data at once was a long task at 4× CPU throttling (issue #32.3; the
 * query library's updates are synchronous). `isCatchingUp` while the first data has arrived but
 * not yet been rendered: keep the placeholders up until then.
 */
export function useDeferredData<T>(data: T | undefined): { data: T | undefined; isCatchingUp: boolean } {
  const deferred = useDeferredValue(data);
  return { data: deferred, isCatchingUp: deferred === undefined && data !== undefined };
}
