import type { FastifyBaseLogger } from 'fastify';
import type { FrontDoor } from '../../lib/http-server';
import { requestIdFrom } from '../../lib/ids';
import type { CachedResponses } from './cached-responses';
import { JSON_TYPE } from './encoded-json';

export interface CachedResponseDoorOptions {
  responses: CachedResponses;
  /** Every response's security headers (plugins/security-headers.ts), as Fastify would send them. */
  securityHeaders: Readonly<Record<string, string>>;
  /** With CORS open, a cross-origin request goes to the app, which adds the CORS headers. */
  corsEnabled: boolean;
  log: FastifyBaseLogger;
}

/**
 * Sends a catalogue response kept for this exact URL (cached-responses.ts) to an anonymous GET,
 * with the headers the app would send: security headers, content type, request id. Anything else
 * (a bearer token, which the app must verify and may refuse; another method; a miss) goes to the
 * app, which is then tracked so that what it sends may be kept.
 */
export function cachedResponseDoor(options: CachedResponseDoorOptions): FrontDoor {
  const { responses, corsEnabled, log } = options;
  // Fastify logs every request at info; so does the door, in one line (the level is set at start-up).
  const logsRequests = ['info', 'debug', 'trace'].includes(log.level);
  const head = [...Object.entries(options.securityHeaders).flat(), 'content-type', JSON_TYPE];
  return (request, response) => {
    const isCandidate =
      request.method === 'GET' &&
      request.headers.authorization === undefined &&
      !(corsEnabled && request.headers.origin !== undefined);
    const body = isCandidate && request.url !== undefined ? responses.find(request.url) : undefined;
    if (body === undefined) {
      responses.track(request);
      return false;
    }
    const requestId = requestIdFrom(request.headers['x-request-id']);
    response.writeHead(200, [...head, 'content-length', String(body.length), 'x-request-id', requestId]);
    response.end(body);
    if (logsRequests) {
      log.info(
        { reqId: requestId, req: { method: request.method, url: request.url }, res: { statusCode: 200 } },
        'request completed from the response cache',
      );
    }
    return true;
  };
}
