import type { z } from 'zod';

/**
 * Who may make a call: anyone (`public`), any logged-in user (`session`), or a user holding the
 * permission code (`{ permission }`). The server enforces it; the web only uses it to hide actions.
 */
export type CallAccess = 'public' | 'session' | { permission: string };

export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Path under /v1/operator/, e.g. "user/list". */
  path: string;
  access: CallAccess;
  request: Req;
  /** Schema of `data` in the envelope; for binary calls, the JSON shape of a failure never carries data. */
  response: Res;
  /** A call that changes data: the server writes an operation-log row in the same transaction. */
  audit?: boolean;
  /** The call answers with a file instead of an envelope (exports). */
  binary?: boolean;
  /** Allowed while a user with no authenticator bound must still bind one (2FA-required mode). */
  allowUnbound?: boolean;
  /**
   * Who makes the call (docs/product.md, "The agent back office"): operators under /v1/operator/
   * (`operator`, the default); agent users too, under /v1/agent/ with the same body and answer
   * limited to their agent's sub-tree (`both`); or agent users only (`agent`: their login and
   * user info).
   */
  mount?: CallMount;
  summary: string;
}

export const defineCall = <Req extends z.ZodType, Res extends z.ZodType>(def: CallDef<Req, Res>) => def;

export type CallRequest<C> = C extends CallDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type CallParsed<C> = C extends CallDef<infer Req, z.ZodType> ? z.output<Req> : never;
export type CallResponse<C> = C extends CallDef<z.ZodType, infer Res> ? z.output<Res> : never;

export type CallMount = 'operator' | 'both' | 'agent';

export const API_PREFIX = '/v1/operator/';
/** Where agent users' calls live: the agent mounts of the calls (CallDef.mount). */
export const AGENT_API_PREFIX = '/v1/agent/';

/** The prefixes a call is served under. */
export function callPrefixes(call: Pick<CallDef, 'mount'>): string[] {
  const mount = call.mount ?? 'operator';
  return mount === 'both' ? [API_PREFIX, AGENT_API_PREFIX] : mount === 'agent' ? [AGENT_API_PREFIX] : [API_PREFIX];
}
