import { sql, type Kysely } from 'kysely';
import type { MigrationStep } from './helpers.ts';

/**
 * Admin levels hold codes of the agent permission tree (docs/product.md, "Agent admin levels").
 * Levels written before the tree existed held area names ("all", "report,player,game"); each name
 * becomes the codes of its area, as they were meant. Frozen here as the tree was when this ran.
 */
const AREA_CODES: Record<string, string[]> = {
  report: ['14', '1401', '1402', '1403', '1404', '2', '201', '202', '203', '204', '3', '301', '302', '303', '304'],
  player: ['8', '801'],
  game: ['3', '301', '302', '303', '304'],
  bill: ['6'],
  agent: ['7'],
  export: ['13', '1305'],
};
const TREE_ORDER = ['14', '1401', '1404', '1402', '1403', '2', '201', '202', '203', '204', '3', '301', '302', '303', '304', '6', '7', '8', '801', '13', '1305'];
const ALL = TREE_ORDER;

export function levelCodes(permissions: string): string {
  const names = permissions.split(',').map((s) => s.trim()).filter(Boolean);
  const codes = new Set<string>();
  for (const name of names) {
    if (name === 'all') ALL.forEach((c) => codes.add(c));
    else if (AREA_CODES[name]) AREA_CODES[name].forEach((c) => codes.add(c));
    else if (TREE_ORDER.includes(name)) codes.add(name);
  }
  return TREE_ORDER.filter((c) => codes.has(c)).join(',');
}

export const m0013AdminLevelCodes: MigrationStep = {
  async up(db: Kysely<unknown>) {
    const rows = await sql<{ id: number; permissions: string }>`SELECT id, permissions FROM agent_admin_level`.execute(db);
    for (const r of rows.rows) {
      const codes = levelCodes(r.permissions);
      if (codes !== r.permissions) await sql`UPDATE agent_admin_level SET permissions = ${codes} WHERE id = ${r.id}`.execute(db);
    }
  },
};
