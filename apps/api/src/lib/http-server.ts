import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers a request itself (true) or leaves it to Fastify (false). */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Fastify's `serverFactory`: Node's HTTP server with the timeouts Fastify gives its own, asking
 * `frontDoor()` first. The front door is read per request, so it can be set once the app is built
 * and taken away when the app starts closing (Fastify then answers 503 to late requests).
 */
export function serverWithFrontDoor(frontDoor: () => FrontDoor | null): FastifyServerFactory {
  return (handler, options) => {
    const server: Server = createServer(options.http ?? {}, (request, response) => {
      if (frontDoor()?.(request, response)) return;
      handler(request, response);
    });
    // What Fastify's getServerInstance sets when it creates the server itself.
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options;
    if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
    if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
    if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
    if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = maxRequestsPerSocket;
    }
    return server;
  };
}
