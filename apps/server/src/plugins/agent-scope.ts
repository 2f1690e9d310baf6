import type { Kysely } from 'kysely';
import { ErrorCode } from '@console/contract';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import type { AgentOfSession, SessionUser } from './session.ts';

/**
 * How a call mounted for agent users (CallDef.mount `both`) keeps to the caller's sub-tree
 * (docs/product.md, "The agent back office"). Every such call must say which, at registration
 * (registerCall refuses to start otherwise), and the scope matrix test proves each against a
 * sibling agent's rows:
 * - `{ agentField }`: the request's agent filter, checked before the handler runs: 0 or absent
 *   becomes the caller's own agent (whose sub-tree the call then answers), an agent inside the
 *   sub-tree stays, any other is refused (A0301), never widened. For calls whose repositories read
 *   an agent id as "that agent and its sub-tree" (reports, their exports, the ledger, players).
 * - `handler`: the handler reads the caller's agent from `ctx.user.agent` itself, through the
 *   helpers below (a target row's agent checked with `requireInScope`, a list bounded by
 *   `scopePath`).
 * - `none`: the call reads nothing agent-owned (dictionaries of currencies, games, platforms; the
 *   caller's own account).
 */
export type AgentScopeRule = { agentField: string } | 'handler' | 'none';

/** Whether an agent (by its tree path) lies in the caller's sub-tree, their own agent included. */
export const pathInScope = (scope: AgentOfSession, path: string | undefined | null): boolean => !!path && path.startsWith(scope.agentPath);

/** Whether an agent lies strictly below the caller's agent (what agent users may manage). */
export const pathBelowScope = (scope: AgentOfSession, path: string | undefined | null): boolean =>
  pathInScope(scope, path) && path !== scope.agentPath;

/** Refuses (A0301) unless the agent lies in the caller's sub-tree; operators pass. */
export function requireInScope(user: SessionUser | null, path: string | undefined | null, strictlyBelow = false): void {
  const scope = user?.agent;
  if (!scope) return;
  if (!(strictlyBelow ? pathBelowScope(scope, path) : pathInScope(scope, path))) throw new ApiError(ErrorCode.NoPermission);
}

/** The path every agent-owned row a call reads must lie under: the caller's agent's, or undefined for operators (no bound). */
export const scopePath = (user: SessionUser | null): string | undefined => user?.agent?.agentPath;

/**
 * Applies an `agentField` rule to a parsed request before the handler sees it (see AgentScopeRule).
 * An agent that does not exist is refused like one outside the sub-tree, so the answer does not
 * tell which agents exist elsewhere.
 */
export async function applyAgentField(db: Kysely<DB>, scope: AgentOfSession, input: Record<string, unknown>, field: string): Promise<void> {
  const asked = input[field];
  if (asked === undefined || asked === null || asked === 0) {
    input[field] = scope.agentId;
    return;
  }
  if (typeof asked !== 'number') throw new ApiError(ErrorCode.NoPermission);
  if (asked === scope.agentId) return;
  const row = await db.selectFrom('agent').select('path').where('id', '=', asked).executeTakeFirst();
  if (!pathInScope(scope, row?.path)) throw new ApiError(ErrorCode.NoPermission);
}
