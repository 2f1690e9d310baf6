import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, normalizePermissions, PERMISSION_TREE } from '@console/contract';
import { presetCodes, ROLE_PRESETS } from './presets';

const everything = new Set(ALL_PERMISSION_CODES);

describe('role presets', () => {
  it('"Reports, read-only" holds the dashboard, every report page and the ledger, nothing that changes data', () => {
    const codes = presetCodes('reports', PERMISSION_TREE, everything);
    for (const module of ['1', '14', '2', '3', '4', '5', '6']) expect(codes).toContain(module);
    const reportPages = PERMISSION_TREE.filter((n) => ['14', '2', '3', '4', '5'].includes(n.code)).flatMap((n) => n.children!.map((c) => c.code));
    expect(reportPages.length).toBeGreaterThan(5);
    for (const page of reportPages) expect(codes).toContain(page);
    for (const other of ['7', '8', '801', '9', '11', '12', '13', '1301', '1305']) expect(codes).not.toContain(other);
  });

  it('"Everything I may grant" is all the caller holds', () => {
    expect(presetCodes('all', PERMISSION_TREE, everything)).toEqual([...ALL_PERMISSION_CODES]);
  });

  it('never holds more than the caller may grant, whoever the caller is', () => {
    // A caller with a few report pages, the ledger and players' wallets only.
    const caller = new Set(normalizePermissions(['1401', '1403', '201', '6', '802']));
    for (const p of ROLE_PRESETS) {
      const codes = presetCodes(p.key, PERMISSION_TREE, caller);
      for (const c of codes) expect(caller.has(c), `${p.key} offers ${c}`).toBe(true);
    }
    expect(presetCodes('reports', PERMISSION_TREE, caller)).toEqual(normalizePermissions(['1401', '1403', '201', '6']));
    expect(presetCodes('operations', PERMISSION_TREE, caller)).toEqual(normalizePermissions(['6', '802']));
    expect(presetCodes('all', PERMISSION_TREE, caller)).toEqual([...caller]);
    expect(presetCodes('operations', PERMISSION_TREE, new Set())).toEqual([]);
  });
});
