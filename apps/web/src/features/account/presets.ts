import { normalizePermissions, type PermissionNode } from '@console/contract';

/**
 * Role presets of the permission picker: a starting set of permission codes for the usual kinds
 * of operator, picked in one click instead of module by module. Each names modules or pages of the
 * contract's permission tree (a module stands for every page under it); what the caller does not
 * hold is never part of the set.
 */
export const ROLE_PRESETS = [
  /** Someone who reads the figures: the dashboard, every report and the account-change ledger. */
  { key: 'reports', codes: ['1', '14', '2', '3', '4', '5', '6'] },
  /** Day-to-day running of the platform: agents, players and their wallets, games, the ledger. */
  { key: 'operations', codes: ['1', '6', '7', '8', '9'] },
  /** Everything the caller holds. */
  { key: 'all', codes: null },
] as const satisfies readonly { key: string; codes: readonly string[] | null }[];

export type RolePresetKey = (typeof ROLE_PRESETS)[number]['key'];

function collectLeaves(nodes: readonly PermissionNode[], within: boolean, wanted: ReadonlySet<string> | null, out: string[]) {
  for (const n of nodes) {
    const inside = within || wanted === null || wanted.has(n.code);
    if (n.children?.length) collectLeaves(n.children, inside, wanted, out);
    else if (inside) out.push(n.code);
  }
  return out;
}

/**
 * The canonical codes (modules included) of a preset over `tree`, kept to what `grantable` holds:
 * never more than the caller may grant.
 */
export function presetCodes(key: RolePresetKey, tree: readonly PermissionNode[], grantable: ReadonlySet<string>): string[] {
  const preset = ROLE_PRESETS.find((p) => p.key === key);
  if (!preset) return [];
  const wanted = preset.codes === null ? null : new Set<string>(preset.codes);
  const leaves = collectLeaves(tree, false, wanted, []).filter((c) => grantable.has(c));
  // A module follows from its pages; the caller holds the module of every page it holds.
  return normalizePermissions(leaves);
}
