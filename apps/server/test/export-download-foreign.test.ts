/**
 * export/download tells nobody whose exports exist: another's export that the caller may not see
 * is answered exactly as an id that names no export (HTTP status, code and text, the id aside).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { ErrorCode, exportFile, report } from '@console/contract';
import { describeOnDatabases, type CallResult } from './harness.ts';
import { isFile } from './sheet-fixtures.ts';
import { addUser, passwordLogin } from './user-helpers.ts';

const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-export-foreign-'));
const BODY = { start_date: '2026-01-01', end_date: '2026-01-31', time_zone_id: 1, currency_id: -1 };

describeOnDatabases(
  'export/download of another\'s export',
  (t) => {
    let admin: string;
    let theirs: number;
    let unknown: number;

    const tokenOf = async (permissions: string) => {
      const u = await addUser(t(), admin, { permissions });
      return (await passwordLogin(t(), u.account, u.password)).data.token;
    };
    /** The parts of an answer a caller can tell apart, the asked id written as "#". */
    const answer = (r: CallResult<unknown>, id: number) => [r.status, r.error_code, r.error_msg.replaceAll(String(id), '#'), r.data];

    beforeAll(async () => {
      admin = await t().login();
      const requester = await tokenOf('1402');
      expect(isFile(await t().call(`${report.REPORT_DEFS.agentDaily.path}/export`, BODY, { token: requester }))).toBe(true);
      const list = await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 1 }, { token: admin });
      theirs = list.data.list[0]!.id;
      unknown = theirs + 1000;
    });

    it('answers a caller without 1305 the same for another\'s export as for no export, in both languages', async () => {
      const other = await tokenOf('1402');
      for (const lang of ['en', 'zh-cn'] as const) {
        const foreign = await t().call('export/download', { id: theirs }, { token: other, lang });
        const missing = await t().call('export/download', { id: unknown }, { token: other, lang });
        expect(answer(foreign, theirs), lang).toEqual(answer(missing, unknown));
        expect(foreign.error_code).toBe(ErrorCode.NotFound);
      }
      // Without any permission at all, the same.
      const none = await tokenOf('');
      expect(answer(await t().call('export/download', { id: theirs }, { token: none }), theirs)).toEqual(answer(await t().call('export/download', { id: unknown }, { token: none }), unknown));
    });

    it('still refuses a holder of 1305 without the report\'s permission (A0301): they see every export in the list', async () => {
      const manager = await tokenOf('1305');
      expect((await t().call('export/download', { id: theirs }, { token: manager })).error_code).toBe(ErrorCode.NoPermission);
      expect((await t().call('export/download', { id: unknown }, { token: manager })).error_code).toBe(ErrorCode.NotFound);
      expect(isFile(await t().call('export/download', { id: theirs }, { token: await tokenOf('1305,1402') }))).toBe(true);
    });
  },
  { exportDir },
);
