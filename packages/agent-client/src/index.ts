/**
 * The reference client of the agent API (docs/product.md, "The agent API"): signs each request as
 * the server checks it and answers the envelope's `data`, or throws AgentApiError. Integrators can
 * read it as the specification of the signing in code: `signRequest` is all of it.
 *
 *   const client = createAgentClient({ baseUrl: 'https://console.example.com', appId, secret });
 *   await client.playerCreate({ agent_code: 'cn01', account: 'player001' });
 *   await client.transfer({ agent_code: 'cn01', account: 'player001', order_id: 'T-1', direction: 'in', amount: '100.00' });
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { agentApi } from '@console/contract';
import type { z } from 'zod';

export interface SignedHeaders {
  'X-App-Id': string;
  'X-Timestamp': string;
  'X-Nonce': string;
  'X-Signature': string;
}

/** The four headers of a request to `path` (e.g. "/v1/api/transfer") with this exact body. */
export function signRequest(opts: { appId: string; secret: string; path: string; body: string; timestamp?: string; nonce?: string }): SignedHeaders {
  const timestamp = opts.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(opts.body, 'utf8').digest('hex');
  const signature = createHmac('sha256', opts.secret).update(agentApi.agentApiStringToSign(opts.path, timestamp, nonce, bodyHash), 'utf8').digest('hex');
  return { 'X-App-Id': opts.appId, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature };
}

/** A refused call: the HTTP status, the error code (A0233, A0420, …), the message and any data. */
export class AgentApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(`${code}: ${message}`);
  }
}

export interface AgentClientOptions {
  /** The console's origin, e.g. "https://console.example.com". */
  baseUrl: string;
  appId: string;
  secret: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

type In<C extends agentApi.AgentApiCall> = z.input<C['request']>;
type Out<C extends agentApi.AgentApiCall> = z.output<C['response']>;

export function createAgentClient(opts: AgentClientOptions) {
  const doFetch = opts.fetch ?? fetch;
  async function call<C extends agentApi.AgentApiCall>(c: C, input: In<C>): Promise<Out<C>> {
    const path = agentApi.AGENT_API_PREFIX_PATH + c.path;
    const body = JSON.stringify(input);
    const res = await doFetch(new URL(path, opts.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...opts.headers, ...signRequest({ appId: opts.appId, secret: opts.secret, path, body }) },
      body,
    });
    const json = (await res.json()) as { error_code?: string; error_msg?: string; data?: unknown; code?: string; msg?: string };
    if (!res.ok) throw new AgentApiError(res.status, json.code ?? String(res.status), json.msg ?? res.statusText);
    if (json.error_code !== '0') throw new AgentApiError(res.status, json.error_code ?? '', json.error_msg ?? '', json.data ?? null);
    return json.data as Out<C>;
  }
  return {
    call,
    playerCreate: (input: In<typeof agentApi.apiPlayerCreate>) => call(agentApi.apiPlayerCreate, input),
    playerBalance: (input: In<typeof agentApi.apiPlayerBalance>) => call(agentApi.apiPlayerBalance, input),
    transfer: (input: In<typeof agentApi.apiTransfer>) => call(agentApi.apiTransfer, input),
    transferStatus: (input: In<typeof agentApi.apiTransferStatus>) => call(agentApi.apiTransferStatus, input),
    bets: (input: In<typeof agentApi.apiBets>) => call(agentApi.apiBets, input),
    reportDaily: (input: In<typeof agentApi.apiReportDaily>) => call(agentApi.apiReportDaily, input),
  };
}

export type AgentClient = ReturnType<typeof createAgentClient>;
