import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AGENT_API_PREFIX, API_PREFIX, ErrorCode } from '@console/contract';
import { ApiError } from '../lib/api-error.ts';
import { DOCS_PREFIX } from './openapi.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * The session travels in the body, never in a cookie, so a forged cross-site request carries none.
 * On top of that (docs/product.md, "XSRF"): the console gets an XSRF-TOKEN cookie, and any API request that
 * carries the cookie must echo it in X-XSRF-TOKEN. Clients that keep no cookies are unaffected.
 *
 * The cookie is issued by the pages only (the console's index.html and /docs), never by an asset:
 * those are public and cached for a year, and a shared cache would hand one user's token to the
 * next. The answer that issues it is marked private for the same reason.
 */
export function registerXsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    // Decided on the route the router matched, not on the raw URL: the router decodes
    // percent-escapes, so "/v1/%6Fperator/…" reaches an operator call without starting with its prefix.
    const url = request.routeOptions.url;
    if ((url?.startsWith(API_PREFIX) || url?.startsWith(AGENT_API_PREFIX)) && request.method === 'POST' && cookie) {
      if (request.headers[XSRF_HEADER] !== cookie) throw new ApiError(ErrorCode.XsrfMismatch);
    }
    if (!cookie && request.method === 'GET' && PAGES.has(request.url.split('?', 1)[0]!)) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false, // the console's script must read it to echo it
        secure: request.protocol === 'https',
      });
      issuedTo.add(request);
    }
  });
  // onSend: the console's static files get their Cache-Control only when they are sent.
  app.addHook('onSend', async (request, reply, payload) => {
    if (issuedTo.has(request)) reply.header('cache-control', 'private, no-cache');
    return payload;
  });
}

/** The pages a browser opens (the console routes by the URL's hash, so only its root): the only answers that issue the cookie. */
const PAGES = new Set(['/', '/index.html', DOCS_PREFIX, `${DOCS_PREFIX}/`]);

const issuedTo = new WeakSet<FastifyRequest>();
