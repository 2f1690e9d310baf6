import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address, as every limit, log row and session records it. With TRUST_PROXY the
 * framework takes it from X-Forwarded-For, which a client can fill with anything; only a real IP
 * address is believed, else the connection's own peer address is used. A zone index ("%eth0") is
 * refused too: it has no meaning for a remote client and no bound on its length, and the columns
 * hold 64 characters (the longest IPv6 text form has 45).
 */
export function clientIp(request: FastifyRequest): string {
  const claimed = request.ip;
  if (isIP(claimed) && !claimed.includes('%')) return claimed;
  return request.socket.remoteAddress ?? '';
}
