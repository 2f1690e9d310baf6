import type { agent } from '@console/contract';

/**
 * Where a row of the agent tree is: the agents to expand above it (from the top down) and the page
 * of the top level that holds its top-level ancestor (the top level is paged in id order, as the
 * server lists it). Worked out from the agent dictionary (agent/quick), which holds every agent the
 * operator sees with its parent; null when the agent is not in it.
 */
export function agentTreePath(agents: readonly agent.AgentQuickItem[], id: number, pageSize: number): { expand: number[]; page: number } | null {
  const byId = new Map(agents.map((a) => [a.id, a]));
  let node = byId.get(id);
  if (!node) return null;
  const expand: number[] = [];
  const seen = new Set<number>([id]);
  while (node.parent_id) {
    const parent = byId.get(node.parent_id);
    // An ancestor the operator does not see: the agent's own sub-tree is the top of what is shown.
    if (!parent || seen.has(parent.id)) break;
    seen.add(parent.id);
    expand.unshift(parent.id);
    node = parent;
  }
  const top = agents.filter((a) => !a.parent_id || !byId.has(a.parent_id)).map((a) => a.id).sort((a, b) => a - b);
  const index = top.indexOf(node.id);
  return { expand, page: index === -1 ? 1 : Math.floor(index / pageSize) + 1 };
}
