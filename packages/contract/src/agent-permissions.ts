import { normalizePermissions, type PermissionNode, PERMISSION_TREE } from './permissions.ts';

/**
 * The agent permission tree (docs/product.md, "Agent admin levels"): what an agent user may be
 * given, with the codes of the operator tree. Agent reports, player reports, game reports, the
 * bill ledger, agent management (their own sub-tree), the player list and their own exports; never
 * operator accounts, currencies, domains, keys, game configs, point control, wallets, the
 * operation log, platform or currency reports.
 */
const AGENT_LEAVES = new Set([
  '1401', '1402', '1403', '1404', '1405',
  '201', '202', '203', '204',
  '301', '302', '303', '304',
  '6', '7', '801', '1305',
]);

function prune(nodes: readonly PermissionNode[]): PermissionNode[] {
  const out: PermissionNode[] = [];
  for (const node of nodes) {
    if (node.children) {
      const children = prune(node.children);
      if (children.length) out.push({ ...node, children });
    } else if (AGENT_LEAVES.has(node.code)) out.push(node);
  }
  return out;
}

export const AGENT_PERMISSION_TREE: PermissionNode[] = prune(PERMISSION_TREE);

function codesOf(nodes: readonly PermissionNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(n.code);
    if (n.children) codesOf(n.children, out);
  }
  return out;
}

/** Every code of the agent tree, modules and pages, in tree order. */
export const AGENT_PERMISSION_CODES: readonly string[] = codesOf(AGENT_PERMISSION_TREE);
const AGENT_CODE_SET = new Set(AGENT_PERMISSION_CODES);

/** The codes of a list that the agent tree does not hold (an operator-only code, or no code at all). */
export const nonAgentPermissionCodes = (codes: Iterable<string>): string[] => [...codes].filter((c) => !AGENT_CODE_SET.has(c));

/** A set of agent codes as stored: with their modules, in tree order. */
export const normalizeAgentPermissions = (codes: Iterable<string>): string[] => normalizePermissions(codes).filter((c) => AGENT_CODE_SET.has(c));
