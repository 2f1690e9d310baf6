import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, normalizePermissions, parsePermissionString, unknownPermissionCodes } from './permissions.ts';

describe('permissions', () => {
  it('has every code of the permission tree exactly once', () => {
    const spec = ['1', '14', '1401', '1404', '1402', '1403', '1405', '2', '201', '202', '203', '204', '3', '301', '302', '303', '304', '4', '401', '402', '403', '404', '5', '501', '502', '503', '6', '7', '8', '801', '802', '803', '9', '901', '902', '11', '12', '1201', '1202', '13', '1301', '1303', '1305'];
    expect([...ALL_PERMISSION_CODES].sort()).toEqual([...spec].sort());
  });

  it('parses the comma-separated string', () => {
    expect(parsePermissionString('1, 14,1401,,1401')).toEqual(['1', '14', '1401']);
    expect(parsePermissionString('')).toEqual([]);
  });

  it('adds ancestors and drops unknown codes when normalizing', () => {
    expect(normalizePermissions(['1401', 'x'])).toEqual(['14', '1401']);
    expect(normalizePermissions(['1305', '1'])).toEqual(['1', '13', '1305']);
    expect(unknownPermissionCodes(['1', '99'])).toEqual(['99']);
  });
});
