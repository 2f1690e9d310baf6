import { AGENT_API_PREFIX, API_PREFIX, type CallDef, type CallMount, callPrefixes } from '@console/contract';

/**
 * Who a session belongs to (docs/product.md, "The agent back office"): an operator, whose calls
 * go to /v1/operator/, or an agent user, whose calls all go to /v1/agent/.
 */
export type SessionKind = 'operator' | 'agent';

export const SESSION_KINDS: readonly SessionKind[] = ['operator', 'agent'];

export const isSessionKind = (v: unknown): v is SessionKind => v === 'operator' || v === 'agent';

/** The prefix every call of a session of this kind is served under. */
export const sessionPrefix = (kind: SessionKind): string => (kind === 'agent' ? AGENT_API_PREFIX : API_PREFIX);

/**
 * Where a call is sent: every call of an agent session under /v1/agent/, and so are an agent
 * user's own calls (their login, made before there is a session); anything else under
 * /v1/operator/. `mount` is the call's (CallDef.mount), absent for a call sent by its path alone.
 */
export function apiPrefixFor(kind: SessionKind, mount?: CallMount): string {
  return kind === 'agent' || mount === 'agent' ? AGENT_API_PREFIX : API_PREFIX;
}

/**
 * Whether a call exists for a session of this kind, by its mount in the contract: an agent
 * session has only the calls mounted `both` or `agent`, an operator one those mounted `operator`
 * (the default) or `both`. Screens hide what a session cannot call.
 */
export function isCallMounted(def: Pick<CallDef, 'mount'>, kind: SessionKind): boolean {
  return callPrefixes(def).includes(sessionPrefix(kind));
}
