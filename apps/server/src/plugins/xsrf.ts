import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, ErrorCode } from '@console/contract';
import { ApiError } from '../lib/api-error.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * The session travels in the body, never in a cookie, so a forged cross-site request carries none.
 * On top of that (spec §9): the console gets an XSRF-TOKEN cookie, and any API request that
 * carries the cookie must echo it in X-XSRF-TOKEN. Clients that keep no cookies are unaffected.
 */
export function registerXsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    // Decided on the route the router matched, not on the raw URL: the router decodes
    // percent-escapes, so "/v1/%6Fperator/…" reaches an operator call without starting with its prefix.
    if (request.routeOptions.url?.startsWith(API_PREFIX) && request.method === 'POST' && cookie) {
      if (request.headers[XSRF_HEADER] !== cookie) throw new ApiError(ErrorCode.XsrfMismatch);
    }
    if (!cookie && request.method === 'GET' && !request.url.startsWith('/v1/')) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false, // the console's script must read it to echo it
        secure: request.protocol === 'https',
      });
    }
  });
}
