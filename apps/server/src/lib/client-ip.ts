import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { addressMatcher } from './ip-list.ts';

/**
 * Fastify's `trustProxy` for a list of proxy addresses and CIDR blocks (TRUST_PROXY), or false for
 * none. Fastify (`@fastify/proxy-addr`) then reads the chain from the right: the connection's peer
 * address, then the X-Forwarded-For entries from last to first, and takes the first address that
 * is not one of these proxies. Each proxy appends the address it received the request from, so
 * every entry right of that one was written by a proxy named here; whatever a client wrote itself
 * stays on the left and is never reached. X-Forwarded-Host and X-Forwarded-Proto are believed only
 * from a peer on the list too.
 */
export function proxyTrust(proxies: readonly string[]): false | ((address: string, hop: number) => boolean) {
  if (proxies.length === 0) return false;
  const isProxy = addressMatcher(proxies);
  return (address) => isProxy(address);
}

/**
 * The client's address, as every limit, log row and session records it: the connection's peer
 * address, or behind the proxies of TRUST_PROXY the address the nearest of them received the
 * request from (`proxyTrust`). Only a real IP address is believed: when the entry a proxy wrote is
 * anything else, the peer's own address is used. A zone index ("%eth0") is refused too: it has no
 * meaning for a remote client and no bound on its length, and the columns hold 64 characters (the
 * longest IPv6 text form has 45).
 */
export function clientIp(request: FastifyRequest): string {
  const claimed = request.ip;
  if (isIP(claimed) && !claimed.includes('%')) return claimed;
  return request.socket.remoteAddress ?? '';
}
