import { reportsOfGroup } from './report-defs.ts';

/**
 * The permission tree (docs/product.md, "Screens and routes"). Codes are hierarchical: a child code guards a single page, its
 * parent the module. Holding any child implies holding its parent (see normalizePermissions).
 */
export interface PermissionNode {
  code: string;
  name: { 'zh-cn': string; en: string };
  children?: PermissionNode[];
}

const n = (code: string, zh: string, en: string, children?: PermissionNode[]): PermissionNode =>
  children ? { code, name: { 'zh-cn': zh, en }, children } : { code, name: { 'zh-cn': zh, en } };

/** A report menu group's leaves, one per report of the group (report-defs.ts). */
const reportLeaves = (group: string) => reportsOfGroup(group).map((d) => n(d.permission, d.title['zh-cn'], d.title.en));

export const PERMISSION_TREE: PermissionNode[] = [
  n('1', '仪表盘', 'Dashboard'),
  n('14', '代理报表', 'Agent report', reportLeaves('14')),
  n('2', '玩家报表', 'Player report', reportLeaves('2')),
  n('3', '游戏报表', 'Game report', reportLeaves('3')),
  n('4', '厂商报表', 'Provider report', reportLeaves('4')),
  n('5', '币种报表', 'Currency report', reportLeaves('5')),
  n('6', '账变记录', 'Account-change ledger'),
  n('7', '代理管理', 'Agent management'),
  n('8', '玩家管理', 'Player management', [
    n('801', '玩家列表', 'Player list'),
    n('802', '钱包管理', 'Wallet management'),
    n('803', '点控列表', 'Point-control list'),
  ]),
  n('9', '游戏管理', 'Game management', [
    n('901', '总台游戏配置', 'House default game config'),
    n('902', '代理游戏配置', 'Agent game config'),
  ]),
  n('11', '日志管理', 'Log management'),
  n('12', '运维管理', 'Operations', [n('1201', '域名管理', 'Domain management'), n('1202', '密钥管理', 'Key management')]),
  n('13', '后台设置', 'Backend settings', [
    n('1301', '后台账号管理', 'Backend account management'),
    n('1303', '币种管理', 'Currency management'),
    n('1305', '导出管理', 'Export management'),
  ]),
];

function flatten(nodes: PermissionNode[], parent: string | null, out: Map<string, string | null>) {
  for (const node of nodes) {
    out.set(node.code, parent);
    if (node.children) flatten(node.children, node.code, out);
  }
  return out;
}

/** code -> parent code (null for a top-level code). */
export const PERMISSION_PARENT: ReadonlyMap<string, string | null> = flatten(PERMISSION_TREE, null, new Map());
export const ALL_PERMISSION_CODES: readonly string[] = [...PERMISSION_PARENT.keys()];

/** "1, 14,1401" -> ["1","14","1401"]; empty entries dropped, order kept, duplicates removed. */
export function parsePermissionString(s: string | null | undefined): string[] {
  if (!s) return [];
  return [...new Set(s.split(',').map((c) => c.trim()).filter(Boolean))];
}

/**
 * Adds the ancestors of every code (a page's module) and sorts in tree order, so stored
 * permission sets are canonical. Unknown codes are kept out.
 */
export function normalizePermissions(codes: Iterable<string>): string[] {
  const set = new Set<string>();
  for (const code of codes) {
    let c: string | null | undefined = code;
    while (c && PERMISSION_PARENT.has(c)) {
      set.add(c);
      c = PERMISSION_PARENT.get(c);
    }
  }
  return ALL_PERMISSION_CODES.filter((c) => set.has(c));
}

export function unknownPermissionCodes(codes: Iterable<string>): string[] {
  return [...codes].filter((c) => !PERMISSION_PARENT.has(c));
}
