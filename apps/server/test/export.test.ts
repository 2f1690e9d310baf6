import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { bill, exportFile, report } from '@console/contract';
import { toNumber } from '../src/db/sql.ts';
import { cleanUpExports, takeExportSlot } from '../src/modules/export/service.ts';
import { ingestBets, ingestTransfers } from '../src/modules/ingest/service.ts';
import { betRecord, createDimensions, transferRecord, type Dimensions } from './domain-fixtures.ts';
import { describeOnDatabases, type TestApp } from './harness.ts';
import { fetchAll, ingestScenario } from './report-fixtures.ts';
import { asSheetValue, cellRef, isFile, parts, rawCells, readSheet, wallClockText } from './sheet-fixtures.ts';
import { addUser, passwordLogin } from './user-helpers.ts';

/** Each currency's decimals (what the console shows) by id. */
async function decimalsById(t: TestApp): Promise<Map<number, number>> {
  const rows = await t.database.db.selectFrom('currency').select(['id', 'decimals']).execute();
  return new Map(rows.map((r) => [toNumber(r.id), toNumber(r.decimals)]));
}

const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-exports-'));

describeOnDatabases(
  'report exports',
  (t) => {
    let token = '';
    const body = { start_date: '2025-01-01', end_date: '2025-05-31', time_zone_id: 2, currency_id: -1 };

    beforeAll(async () => {
      await ingestScenario(t(), 777, 400);
      token = await t().login();
    }, 120_000);

    it('answers a valid .xlsx whose rows, totals and filters equal the report, for every report', async () => {
      const defs = [...Object.values(report.REPORT_DEFS), report.BETTING_REPORT];
      const decimals = await decimalsById(t());
      // A row's value as the sheet's cell reads back: money in its currency's decimals, ratios as fractions, times as dates.
      const cellOf = (r: Record<string, unknown>, k: string) => asSheetValue(k, r[k], decimals.get(Number(r.currency_id)) ?? 4);
      for (const d of defs) {
        const res = await t().call(`${d.path}/export`, { ...body, sort_field: d === report.BETTING_REPORT ? 'settle_time' : 'bet_amount', sort_order: 'descend' }, { token });
        expect(res.status, `${d.path} ${res.raw.toString().slice(0, 300)}`).toBe(200);
        expect(String(res.headers['content-type'])).toContain('spreadsheetml');
        expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename\*=UTF-8''.+\.xlsx/);
        const sheet = parts(await readSheet(res.raw), /^Total /);
        const want = await fetchAll(t(), token, d, { ...body, sort_field: d === report.BETTING_REPORT ? 'settle_time' : 'bet_amount', sort_order: 'descend' });
        const keys = d === report.BETTING_REPORT ? Object.keys(report.bettingRowShape) : report.reportSortFields(d);
        expect(sheet.header.length).toBe(keys.length);
        // Empty cells read back as undefined, and a row's trailing empty cells not at all.
        const trim = (cells: unknown[]) => {
          const out = [...cells];
          while (out.length && out[out.length - 1] === undefined) out.pop();
          return out;
        };
        const asCells = (r: Record<string, unknown>) => trim(keys.map((k) => cellOf(r, k)));
        expect(sheet.data.map(trim), d.path).toEqual(want.rows.map(asCells));
        expect(sheet.totals.length).toBe(want.summary.length);
        sheet.totals.forEach((row, i) => {
          const s = want.summary[i]!;
          expect(row[0]).toBe(`Total ${String(s.currency_code)}`);
          keys.forEach((k, j) => {
            if (j > 0 && k in s && k !== 'currency_id') expect(row[j], `${d.path} total ${k}`).toEqual(cellOf(s, k));
          });
        });
        expect(sheet.filters.Dates).toBe('2025-01-01 ~ 2025-05-31');
        expect(sheet.filters.Timezone).toBe('GMT+8:30');
        expect(sheet.filters.Currency).toBe('All');
        expect(sheet.filters['Exported at (GMT+8:30)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        // A moment's column names the timezone its times are in; a period's is the report's own.
        if (d === report.BETTING_REPORT) expect(sheet.header[keys.indexOf('settle_time')]).toBe('Settle time (GMT+8:30)');
        if (d.period === 'day') expect(sheet.header[0]).toBe('Date');
      }
    }, 120_000);

    it('writes headers and filter labels in the request language', async () => {
      const res = await t().call(`${report.REPORT_DEFS.gameDaily.path}/export`, { ...body, currency_id: 1 }, { token, lang: 'zh-cn' });
      const sheet = parts(await readSheet(res.raw), /^合计 /);
      expect(sheet.header.slice(0, 3)).toEqual(['日期', '游戏ID', '游戏编号']);
      expect(sheet.filters['币种']).toBe('CNY');
      expect(sheet.title).toContain('游戏日汇总');
      expect(sheet.totals.map((r) => r[0])).toEqual(['合计 CNY']);
    });

    it('records each export; export/list (1305) pages them and export/download answers the same file', async () => {
      const before = await t().call<{ list: exportFile.ExportItem[]; total: number }>('export/list', { page: 1, page_size: 5 }, { token });
      const res = await t().call(`${report.REPORT_DEFS.agentDaily.path}/export`, body, { token });
      expect(res.status).toBe(200);
      const list = await t().call<{ list: exportFile.ExportItem[]; total: number }>('export/list', { page: 1, page_size: 5 }, { token });
      expect(list.data.total).toBe(before.data.total + 1);
      const item = list.data.list[0]!;
      expect(item).toMatchObject({ report: 'agent-daily', report_path: report.REPORT_DEFS.agentDaily.path, status: 'done', requested_by_account: 'admin', downloadable: true });
      expect(item.filters).toMatchObject(body);
      expect(item.row_count).toBe((await fetchAll(t(), token, report.REPORT_DEFS.agentDaily, body)).total);
      expect(item.file_size).toBe(res.raw.length);
      const again = await t().call('export/download', { id: item.id }, { token });
      expect(again.status).toBe(200);
      expect(again.raw.equals(res.raw)).toBe(true);
      const filtered = await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 50, report: 'agent-daily' }, { token });
      expect(filtered.data.list.every((e) => e.report === 'agent-daily')).toBe(true);
    });

    it('a requester may download and list their own export; others need 1305; expired files answer A0404', async () => {
      const u = await addUser(t(), token, { permissions: '1402' });
      const ut = (await passwordLogin(t(), u.account, u.password)).data.token;
      const mine = await t().call(`${report.REPORT_DEFS.agentDaily.path}/export`, body, { token: ut });
      expect(mine.status).toBe(200);
      const { list } = (await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 5, requested_by_account: u.account }, { token })).data;
      const own = list[0]!;
      expect((await t().call('export/download', { id: own.id }, { token: ut })).status).toBe(200);
      // Without 1305 the list answers the caller's own exports only.
      const ownList = await t().call<{ list: exportFile.ExportItem[]; total: number }>('export/list', { page: 1, page_size: 50 }, { token: ut });
      expect(ownList.error_code).toBe('0');
      expect(ownList.data.total).toBe(1);
      expect(ownList.data.list.map((e) => [e.id, e.requested_by])).toEqual([[own.id, u.id]]);
      // Someone else's export: not without 1305, answered as an export that does not exist.
      const adminExport = (await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 5, requested_by_account: 'admin' }, { token })).data.list[0]!;
      expect((await t().call('export/download', { id: adminExport.id }, { token: ut })).error_code).toBe('A0404');
      expect((await t().call('export/download', { id: 987_654 }, { token })).error_code).toBe('A0404');

      // Past its keep date: refused with a clear message even before the cleanup ran ...
      await t().database.db.updateTable('export').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', own.id).execute();
      const expired = await t().call('export/download', { id: own.id }, { token: ut, lang: 'en' });
      expect(expired.error_code).toBe('A0404');
      expect(expired.error_msg).toMatch(/expired.*kept 7 days/);
      // ... and the cleanup deletes the stored file and marks the record.
      const storedParts = () => t().database.db.selectFrom('export_part').select('part').where('export_id', '=', own.id).execute();
      expect((await storedParts()).length).toBeGreaterThan(0);
      expect(await cleanUpExports(t().database.db, t().app.config.exportDir)).toBeGreaterThanOrEqual(1);
      expect(await storedParts()).toEqual([]);
      const after = (await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 5, requested_by_account: u.account }, { token })).data.list[0]!;
      expect(after).toMatchObject({ id: own.id, status: 'expired', downloadable: false });
    });

    it('the cleanup fails an export cut off while running, and removes what it had written', async () => {
      const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
      const running = async (startedMsAgo: number) => {
        const r = await t()
          .database.db.insertInto('export')
          .values({ report: 'agent_summary', filters: '{}', requested_by: null, requested_by_account: 'admin', created_at: at(startedMsAgo), expires_at: at(-7 * 86_400_000), status: 'running', row_count: 0, file_size: 0, file_name: '', file_path: '', error_msg: '', finished_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(r.id);
      };
      const cutOff = await running(2 * 3_600_000);
      const writing = await running(60_000);
      const dir = t().app.config.exportDir;
      fs.mkdirSync(dir, { recursive: true });
      const partial = path.join(dir, `${cutOff}-0123456789ab.xlsx`);
      const other = path.join(dir, `${writing}-0123456789ab.xlsx`);
      fs.writeFileSync(partial, 'PK');
      fs.writeFileSync(other, 'PK');

      await cleanUpExports(t().database.db, dir);
      const status = async (id: number) => t().database.db.selectFrom('export').select(['status', 'error_msg', 'finished_at']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(await status(cutOff)).toMatchObject({ status: 'failed', error_msg: expect.stringContaining('export again') });
      expect((await status(cutOff)).finished_at).not.toBeNull();
      expect(fs.existsSync(partial)).toBe(false);
      // One started a minute ago may still be being written (by this or another server).
      expect(await status(writing)).toMatchObject({ status: 'running' });
      expect(fs.existsSync(other)).toBe(true);
      fs.rmSync(other);
      await t().database.db.deleteFrom('export').where('id', '=', writing).execute();
    });

    it('invalid filters fail before anything is recorded', async () => {
      const before = (await t().call<{ total: number }>('export/list', { page: 1, page_size: 1 }, { token })).data.total;
      const bad = await t().call(`${report.REPORT_DEFS.agentHourly.path}/export`, { start_date: '2024-01-01', end_date: '2025-06-01' }, { token });
      expect(bad.error_code).toBe('A0400');
      expect((await t().call<{ total: number }>('export/list', { page: 1, page_size: 1 }, { token })).data.total).toBe(before);
    });

    it("export/list is open to every session: without 1305 it answers the caller's own exports only, with 1305 everyone's", async () => {
      const list = (tk: string, extra: Record<string, unknown> = {}) =>
        t().call<{ list: exportFile.ExportItem[]; total: number }>('export/list', { page: 1, page_size: 100, ...extra }, { token: tk });
      const a = await addUser(t(), token, { permissions: '1402' });
      const b = await addUser(t(), token, { permissions: '1402' });
      const c = await addUser(t(), token, { permissions: '' });
      const tokenOf = async (u: { account: string; password: string }) => (await passwordLogin(t(), u.account, u.password)).data.token;
      const [at, bt, ct] = [await tokenOf(a), await tokenOf(b), await tokenOf(c)];
      for (const tk of [at, at, bt]) expect(isFile(await t().call(`${report.REPORT_DEFS.agentDaily.path}/export`, body, { token: tk }))).toBe(true);

      const mine = await list(at);
      expect(mine.error_code).toBe('0');
      expect(mine.data.total).toBe(2);
      expect(mine.data.list.map((e) => [e.requested_by, e.requested_by_account, e.status])).toEqual([
        [a.id, a.account, 'done'],
        [a.id, a.account, 'done'],
      ]);
      expect((await list(bt)).data.list.map((e) => e.requested_by)).toEqual([b.id]);
      // Paging and the other filters work within one's own exports.
      const second = await list(at, { page: 2, page_size: 1 });
      expect([second.data.total, second.data.list.map((e) => e.id)]).toEqual([2, [mine.data.list[1]!.id]]);
      expect((await list(at, { report: 'agent-daily' })).data.total).toBe(2);
      // Naming someone else as the requester does not reach their exports.
      expect((await list(at, { requested_by_account: b.account })).data).toEqual({ list: [], total: 0 });
      expect((await list(at, { requested_by_account: 'admin' })).data).toEqual({ list: [], total: 0 });
      // No permission at all: an empty list, not A0301.
      const nothing = await list(ct);
      expect(nothing.error_code).toBe('0');
      expect(nothing.data).toEqual({ list: [], total: 0 });

      // 1305: everyone's.
      const all = await list(token);
      expect(all.data.total).toBeGreaterThan(3);
      expect((await list(token, { requested_by_account: a.account })).data.total).toBe(2);
      expect((await list(token, { requested_by_account: b.account })).data.total).toBe(1);
      expect([...new Set(all.data.list.map((e) => e.requested_by_account))]).toEqual(expect.arrayContaining(['admin', a.account, b.account]));
      expect((await t().call('permission/edit', { user_id: c.id, permissions: '1305' }, { token })).error_code).toBe('0');
      expect((await list(ct)).data.total).toBe(all.data.total);
    });

    it("export/download also needs the permission of the export's report, for its requester and for holders of 1305", async () => {
      const download = async (id: number, tk: string) => {
        const r = await t().call('export/download', { id }, { token: tk });
        return isFile(r) ? 'ok' : r.error_code;
      };
      const setPermissions = async (userId: number, permissions: string) =>
        expect((await t().call('permission/edit', { user_id: userId, permissions }, { token })).error_code).toBe('0');
      const newest = async (tk: string) => (await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 1 }, { token: tk })).data.list[0]!;

      // The requester: the report permission taken away takes the download with it, and given back restores it.
      const u = await addUser(t(), token, { permissions: '1402' });
      const ut = (await passwordLogin(t(), u.account, u.password)).data.token;
      const mine = await t().call(`${report.REPORT_DEFS.agentDaily.path}/export`, body, { token: ut });
      expect(isFile(mine)).toBe(true);
      const own = await newest(token);
      expect(own).toMatchObject({ report_path: report.REPORT_DEFS.agentDaily.path, requested_by: u.id, downloadable: true });
      expect(await download(own.id, ut)).toBe('ok');
      await setPermissions(u.id, '1401');
      expect(await download(own.id, ut)).toBe('A0301');
      await setPermissions(u.id, '1402');
      const again = await t().call('export/download', { id: own.id }, { token: ut });
      expect(isFile(again)).toBe(true);
      expect(again.raw.equals(mine.raw)).toBe(true);

      // A holder of 1305: another's export only with that report's permission too (the bet-record list included).
      expect(isFile(await t().call(`${report.BETTING_REPORT.path}/export`, { ...body, sort_field: 'settle_time' }, { token }))).toBe(true);
      const betting = await newest(token);
      expect(betting).toMatchObject({ report_path: report.BETTING_REPORT.path, requested_by_account: 'admin', downloadable: true });
      const m = await addUser(t(), token, { permissions: '1305' });
      const mt = (await passwordLogin(t(), m.account, m.password)).data.token;
      expect([await download(own.id, mt), await download(betting.id, mt)]).toEqual(['A0301', 'A0301']);
      await setPermissions(m.id, '1305,1402');
      expect([await download(own.id, mt), await download(betting.id, mt)]).toEqual(['ok', 'A0301']);
      await setPermissions(m.id, '1305,1402,203');
      expect([await download(own.id, mt), await download(betting.id, mt)]).toEqual(['ok', 'ok']);
      // The report permission alone does not open another's export: without 1305 it is answered as no export at all.
      await setPermissions(m.id, '1402,203');
      expect([await download(own.id, mt), await download(betting.id, mt)]).toEqual(['A0404', 'A0404']);
    });

    it("the status filter follows the listed status: a 'done' export past its keep date is found by 'expired', not by 'done'", async () => {
      const exportOne = async () => {
        expect(isFile(await t().call(`${report.REPORT_DEFS.currencySummary.path}/export`, body, { token }))).toBe(true);
        return (await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 1 }, { token })).data.list[0]!.id;
      };
      const stale = await exportOne();
      const fresh = await exportOne();
      // Past its keep date, but the cleanup has not run: the record still says 'done'.
      await t().database.db.updateTable('export').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', stale).execute();
      expect((await t().database.db.selectFrom('export').select('status').where('id', '=', stale).executeTakeFirstOrThrow()).status).toBe('done');

      const byStatus = async (status?: string) =>
        (await t().call<{ list: exportFile.ExportItem[]; total: number }>('export/list', { page: 1, page_size: 100, ...(status ? { status } : {}) }, { token })).data;
      const all = await byStatus();
      expect(all.total).toBeLessThan(100);
      expect(all.list.find((e) => e.id === stale)).toMatchObject({ status: 'expired', downloadable: false });
      for (const status of exportFile.EXPORT_STATUSES) {
        const got = await byStatus(status);
        expect(got.list.map((e) => e.status), status).toEqual(got.list.map(() => status));
        expect(got.total, status).toBe(got.list.length);
        expect(got.list.map((e) => e.id), status).toEqual(all.list.filter((e) => e.status === status).map((e) => e.id));
      }
      const done = (await byStatus('done')).list.map((e) => e.id);
      const expired = (await byStatus('expired')).list.map((e) => e.id);
      expect(done).toContain(fresh);
      expect(done).not.toContain(stale);
      expect(expired).toContain(stale);
      expect(expired).not.toContain(fresh);
      // The same after the cleanup marked it.
      await cleanUpExports(t().database.db, t().app.config.exportDir);
      expect((await byStatus('expired')).list.map((e) => e.id)).toContain(stale);
      expect((await byStatus('done')).list.map((e) => e.id)).not.toContain(stale);
    });
  },
  { exportDir },
);

describeOnDatabases(
  'what the cells of an export hold',
  (t) => {
    let token = '';
    let dims: Dimensions;
    // 16:30 UTC on 1 January is half past midnight on 2 January in GMT+8.
    const AT = '2026-01-01T16:30:00Z';
    const range = { start_date: '2026-01-02', end_date: '2026-01-02', time_zone_id: 1, currency_id: -1 };
    const moneyFormat = (decimals: number) => {
      const n = decimals ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
      return `${n};[Red]-${n}`;
    };

    /** An export's sheet: its parts, and each cell of a row (found by a column's value) as the file holds it and as a reader reads it. */
    async function exported(path: string, body: Record<string, unknown>, keys: readonly string[]) {
      const res = await t().call(path, body, { token });
      expect(isFile(res), res.raw.toString().slice(0, 300)).toBe(true);
      const rows = await readSheet(res.raw);
      const sheet = parts(rows, /^Total /);
      const cells = rawCells(res.raw);
      const rowWhere = (match: Record<string, unknown> | string) => {
        const at = rows.findIndex((r, i) =>
          typeof match === 'string' ? r[0] === match : i > rows.indexOf(sheet.header) && Object.entries(match).every(([k, v]) => r[keys.indexOf(k)] === v),
        );
        expect(at, JSON.stringify(match)).toBeGreaterThan(0);
        return {
          raw: (k: string) => cells.get(cellRef(keys.indexOf(k), at + 1)),
          read: (k: string) => rows[at]![keys.indexOf(k)],
        };
      };
      return { sheet, rowWhere, header: (k: string) => sheet.header[keys.indexOf(k)] };
    }

    beforeAll(async () => {
      dims = await createDimensions(t().database.db);
      token = await t().login();
      // CNY shown with all 4 decimals; USD keeps 2.
      const edit = await t().call('currency/edit', { id: dims.currency.CNY, decimals: 4 }, { token });
      expect(edit.error_code, edit.error_msg).toBe('0');
      expect(
        await ingestTransfers(t().database, [
          transferRecord({ order_id: 'cells-in-cny', agent_code: 'A1', player_account: 'whale', currency_code: 'CNY', amount: '999999999999.0000', time: AT }),
          transferRecord({ order_id: 'cells-in-usd', agent_code: 'A1-1-1', player_account: 'cents', currency_code: 'USD', amount: '5000.0000', time: AT }),
        ]),
      ).toMatchObject({ accepted: 2 });
      const bet = { bet_time: '2026-01-01T16:29:00Z', settle_time: AT };
      // CNY bets of 12,345,678,901,234.5678 in all (one bet holds at most 12 digits before the point),
      // all but the last paid back in full.
      const whale = (id: string, amount: string, payout: string) =>
        betRecord({ ...bet, bet_id: id, agent_code: 'A1', player_account: 'whale', currency_code: 'CNY', bet_amount: amount, valid_bet_amount: amount, payout_amount: payout });
      expect(
        await ingestBets(t().database, [
          ...Array.from({ length: 12 }, (_, i) => whale(`cells-cny-${i}`, '950000000000.0000', '950000000000.0000')),
          whale('cells-cny-big', '945678899999.0000', '945678899999.0000'),
          whale('cells-cny', '1235.5678', '0.0000'),
          betRecord({
            ...bet, bet_id: 'cells-usd', agent_code: 'A1-1-1', player_account: 'cents', currency_code: 'USD', game_code: 'card1',
            bet_amount: '1234.5650', valid_bet_amount: '1234.5650', payout_amount: '987.6520', bonus_amount: '0.0050',
          }),
        ]),
      ).toMatchObject({ accepted: 15 });
      await t().database.db.insertInto('agent_share_rate').values({ agent_id: dims.agent.A1, from_month: '0000-01', share_rate: 3500, created_at: AT }).execute();
    }, 120_000);

    it('writes money as numbers with the currency decimals, exact to the last digit, and times in the report timezone', async () => {
      const keys = Object.keys(report.bettingRowShape);
      const { sheet, rowWhere, header } = await exported(`${report.BETTING_REPORT.path}/export`, { ...range, sort_field: 'settle_time' }, keys);
      const cny = rowWhere({ bet_id: 'cells-cny' });
      const usd = rowWhere({ bet_id: 'cells-usd' });
      // A 4-decimal currency keeps every digit.
      expect(cny.raw('bet_amount')).toEqual({ value: '1235.5678', number: true, format: moneyFormat(4) });
      expect(cny.raw('player_win_loss')).toEqual({ value: '-1235.5678', number: true, format: moneyFormat(4) });
      expect(rowWhere({ bet_id: 'cells-cny-big' }).raw('payout_amount')).toEqual({ value: '945678899999.0000', number: true, format: moneyFormat(4) });
      // A 2-decimal currency shows 2, rounded half away from zero as the console shows them.
      expect(usd.raw('bet_amount')).toEqual({ value: '1234.57', number: true, format: moneyFormat(2) });
      expect(usd.raw('payout_amount')?.value).toBe('987.65');
      expect(usd.raw('bonus_amount')?.value).toBe('0.01');
      expect(usd.raw('player_win_loss')).toEqual({ value: '-246.91', number: true, format: moneyFormat(2) });
      expect(usd.read('bet_amount')).toBe(1234.57);
      // Times: real date cells, at the report's timezone.
      expect(header('settle_time')).toBe('Settle time (GMT+8:00)');
      expect(cny.raw('settle_time')).toEqual({ value: '46024.020833333333', number: true, format: 'yyyy-mm-dd hh:mm:ss' });
      expect(wallClockText(cny.read('settle_time') as Date)).toBe('2026-01-02 00:30:00');
      expect(wallClockText(usd.read('bet_time') as Date)).toBe('2026-01-02 00:29:00');
      expect(sheet.filters['Exported at (GMT+8:00)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      // The totals, one row per currency, in its decimals: past what a spreadsheet's float holds, the file has every digit.
      expect(rowWhere('Total CNY').raw('bet_amount')).toEqual({ value: '12345678901234.5678', number: true, format: moneyFormat(4) });
      expect(rowWhere('Total USD').raw('bet_amount')).toEqual({ value: '1234.57', number: true, format: moneyFormat(2) });
    });

    it('writes RTP as a percentage of a number and a period as a date cell', async () => {
      const d = report.REPORT_DEFS.agentDaily;
      const keys = report.reportSortFields(d);
      const { rowWhere, header } = await exported(`${d.path}/export`, range, keys);
      const usd = rowWhere({ agent_code: 'A1-1-1' });
      // (987.6520 + 0.0050) / 1234.5650 = 0.8000
      expect(usd.raw('rtp')).toEqual({ value: '0.8000', number: true, format: '0.00%' });
      expect(usd.read('rtp')).toBe(0.8);
      const cny = rowWhere({ agent_code: 'A1' });
      expect(cny.raw('bet_amount')).toEqual({ value: '12345678901234.5678', number: true, format: moneyFormat(4) });
      expect(cny.raw('platform_win_loss')).toEqual({ value: '1235.5678', number: true, format: moneyFormat(4) });
      // 12,345,678,899,999 / 12,345,678,901,234.5678, to 4 decimals.
      expect(cny.raw('rtp')).toEqual({ value: '1.0000', number: true, format: '0.00%' });
      expect(header('date')).toBe('Date');
      expect(usd.raw('date')).toEqual({ value: '46024', number: true, format: 'yyyy-mm-dd' });
      expect(wallClockText(usd.read('date') as Date)).toBe('2026-01-02 00:00:00');
      expect(usd.raw('bet_count')).toEqual({ value: '1', number: true, format: '#,##0' });
    });

    it('writes a share rate as a percentage, never as basis points, and the takes exactly', async () => {
      const d = report.SETTLEMENT_REPORT;
      const body = { start_month: '2026-01', end_month: '2026-01', time_zone_id: 1 };
      const keys = report.reportFields(d);
      const { rowWhere, header } = await exported(`${d.path}/export`, body, keys);
      const a1 = rowWhere({ agent_code: 'A1', currency_code: 'CNY' });
      expect(header('share_rate')).toBe('Share rate');
      expect(a1.raw('share_rate')).toEqual({ value: '0.3500', number: true, format: '0.00%' });
      expect(a1.read('share_rate')).toBe(0.35);
      expect(a1.raw('month')).toEqual({ value: '46023', number: true, format: 'yyyy-mm' });
      const want = (await fetchAll(t(), token, d, body)).rows.find((r) => r.agent_code === 'A1' && r.currency_code === 'CNY')!;
      expect(a1.raw('own_take')).toEqual({ value: want.own_take, number: true, format: moneyFormat(4) });
      expect(a1.raw('platform_win_loss')?.value).toBe('1235.5678');
      // 35 % of 1235.5678, to the 1/10000 unit.
      expect(want.own_take).toBe('432.4487');
    });

    it('writes the ledger the same way: money in the currency decimals, times in the chosen timezone', async () => {
      const keys = bill.BILL_EXPORT_COLUMNS.map((c) => c.key);
      const { sheet, rowWhere, header } = await exported('bill/list/export', { time_zone_id: 1, currency_id: -1 }, keys);
      expect(header('time')).toBe('Time (GMT+8:00)');
      const cny = rowWhere({ order_id: 'cells-in-cny' });
      expect(cny.raw('amount')).toEqual({ value: '999999999999.0000', number: true, format: moneyFormat(4) });
      expect(cny.raw('time')).toEqual({ value: '46024.020833333333', number: true, format: 'yyyy-mm-dd hh:mm:ss' });
      expect(wallClockText(cny.read('time') as Date)).toBe('2026-01-02 00:30:00');
      const usd = rowWhere({ order_id: 'cells-in-usd' });
      expect(usd.raw('amount')).toEqual({ value: '5000.00', number: true, format: moneyFormat(2) });
      expect(usd.raw('balance_after')?.value).toBe('5000.00');
      expect(sheet.filters['Exported at (GMT+8:00)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      // The totals under the amount column carry their currency's decimals too.
      expect(rowWhere('Total USD in').raw('amount')?.format).toBe(moneyFormat(2));
      // Money in: the transfer and every payout, 999,999,999,999 + 12,345,678,899,999.
      expect(rowWhere('Total CNY in').raw('amount')).toEqual({ value: '13345678899998.0000', number: true, format: moneyFormat(4) });
    });
  },
  { exportDir },
);

// An export directory that cannot be made: its parent is a regular file.
const blockedParent = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'console-exports-blocked-')), 'a-file');
fs.writeFileSync(blockedParent, '');

describeOnDatabases(
  'report exports into a directory that cannot be made',
  (t) => {
    it('records the export as failed, not left running, and answers an error', async () => {
      const token = await t().login();
      const res = await t().call(`${report.REPORT_DEFS.agentSummary.path}/export`, { start_date: '2025-01-01', end_date: '2025-01-31' }, { token });
      expect(res.status).toBe(500);
      expect(res.code).toBe('B0001');
      const rows = await t().database.db.selectFrom('export').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ report: 'agent-summary', status: 'failed', file_path: '' });
      // The system fault's own text (the directory's path) stays in the server log.
      expect(rows[0]!.error_msg).toMatch(/System error \(details in the server log\)/);
      expect(rows[0]!.error_msg).not.toMatch(/ENOTDIR|exports/);
      expect(rows[0]!.finished_at).not.toBeNull();
      const { list } = (await t().call<{ list: exportFile.ExportItem[] }>('export/list', { page: 1, page_size: 5 }, { token })).data;
      expect(list).toMatchObject([{ id: Number(rows[0]!.id), status: 'failed', downloadable: false }]);
      const download = await t().call('export/download', { id: list[0]!.id }, { token, lang: 'en' });
      expect(download.error_code).toBe('A0404');
      expect(download.error_msg).toMatch(/^This export failed: /);
    });
  },
  { exportDir: path.join(blockedParent, 'exports') },
);

describeOnDatabases(
  'exports running at once are capped per operator and in total',
  (t) => {
    const body = { start_date: '2025-01-01', end_date: '2025-01-31' };
    const path = `${report.REPORT_DEFS.agentSummary.path}/export`;
    /** Holds an export's place for `userId` on the server under test, as a running export would. */
    const hold = (userId: number) => takeExportSlot({ request: { server: t().app } as never, config: t().app.config, user: { id: userId } as never });

    it('an operator with an export running is told so, in both languages, and nothing is recorded', async () => {
      const token = await t().login();
      const adminId = Number((await t().database.db.selectFrom('operator_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id);
      const release = await hold(adminId);
      try {
        const en = await t().call(path, body, { token, lang: 'en' });
        expect([en.error_code, en.error_msg]).toEqual(['A0429', 'An export is already running; see Export management']);
        const zh = await t().call(path, body, { token, lang: 'zh-cn' });
        expect(zh.error_msg).toBe('已有导出正在进行，请在导出管理中查看');
        expect(await t().database.db.selectFrom('export').select('id').execute()).toHaveLength(0);
      } finally {
        await release();
      }
      expect(isFile(await t().call(path, body, { token }))).toBe(true);
    });

    it('past the total cap every operator waits; a place given back is taken again', async () => {
      const token = await t().login();
      const others = [await hold(-1), await hold(-2)];
      const busy = await t().call(path, body, { token, lang: 'en' });
      expect([busy.error_code, busy.error_msg]).toEqual(['A0429', 'The server is busy with other exports; please try again in a minute']);
      await others[0]!();
      await others[0]!(); // giving a place back twice frees it once
      expect(isFile(await t().call(path, body, { token }))).toBe(true);
      const again = await hold(-3);
      expect((await t().call(path, body, { token })).error_code).toBe('A0429');
      await again();
      await others[1]!();
    });

    it('parallel exports of one operator: one runs, the others are told an export is running', async () => {
      const token = await t().login();
      const answers = await Promise.all(Array.from({ length: 4 }, () => t().call(path, body, { token, lang: 'en' })));
      const files = answers.filter(isFile);
      expect(files.length).toBeGreaterThanOrEqual(1);
      for (const a of answers.filter((x) => !isFile(x))) expect(a.error_msg).toBe('An export is already running; see Export management');
      // The places are all given back: the next one runs.
      expect(isFile(await t().call(path, body, { token }))).toBe(true);
    });
  },
  { exportsPerOperator: 1, exportsAtOnce: 2 },
);
