import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';

/** Where the API's calls live: every answer under it is per-user data, often a secret. */
const API_ROOT = '/v1/';

/**
 * The 'sha256-…' sources of the inline scripts of the built console's index.html, read at start so
 * they follow every build. Vite emits none today (the entry is an external module), so this is
 * usually empty; should a build add one, it runs without the policy allowing inline script.
 */
export function inlineScriptHashes(dist: string): string[] {
  const file = dist ? path.join(dist, 'index.html') : '';
  if (!file || !fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  const hashes: string[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/(?:^|\s)src\s*=/i.test(attrs!) || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the console and of /docs (Swagger UI, whose page loads only
 * scripts and styles of its own, so one policy fits both). docs/security.md ("Browser-side
 * protection") gives the reason for each source.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []) {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
  };
}

const apiAnswer = (request: FastifyRequest) => (request.routeOptions.url ?? request.url).startsWith(API_ROOT);

/**
 * Security headers on every answer (@fastify/helmet): the console's policy, no framing, no MIME
 * sniffing, no referrer. API answers are never stored by any cache: they carry sessions, keys and
 * authenticator secrets, and per-user data besides (exports too: the console fetches them).
 */
export async function registerSecurityHeaders(app: FastifyInstance, webDist: string) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(inlineScriptHashes(webDist)) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HTTPS is the front proxy's business (the server speaks plain HTTP behind it), and so is
    // pinning it: sent from here, it would pin every sub-domain of the console's host too.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (apiAnswer(request)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
