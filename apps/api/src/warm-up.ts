import type { AppInstance } from './app-types';

/**
 * The anonymous calls of a first page view (home, today's tips, tipsters, statistics), made once
 * through the app before it listens: the first visitors then find the catalogue cache filled, the
 * response serializers compiled and the prepared statements parsed (decision 104). Best effort:
 * a failure is logged and the server starts anyway.
 */
export const FIRST_VIEW_URLS = [
  '/api/config',
  '/api/tips?category=senior&pageNumber=1&pageSize=4',
  '/api/tips?category=premium&pageNumber=1&pageSize=4',
  '/api/tips?pageNumber=1&pageSize=5',
  '/api/tips/ai',
  '/api/ai-model',
  '/api/tipsters?pageNumber=1&pageSize=10',
  '/api/tipsters?category=premium&pageNumber=1&pageSize=10',
  '/api/tipsters/statistics',
] as const;

export async function warmFirstView(app: AppInstance): Promise<void> {
  const started = performance.now();
  for (const url of FIRST_VIEW_URLS) {
    try {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode >= 500)
        app.log.warn({ url, status: response.statusCode }, 'warm-up: no answer');
    } catch (error) {
      app.log.warn({ err: error, url }, 'warm-up failed');
    }
  }
  app.log.info({ ms: Math.round(performance.now() - started) }, 'warm-up: first page view served once');
}
