import { report } from '@console/contract';
import { redact } from '../src/plugins/calls.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases } from './harness.ts';
import { addUser, hash } from './user-helpers.ts';

describeOnDatabases('refused privileged actions are in the operation log', (t) => {
  let admin = '';
  beforeAll(async () => {
    admin = await t().login();
  });

  const logOf = (operatorId: number) =>
    t().database.db.selectFrom('operation_log').select(['action', 'result_code', 'summary', 'target', 'operator_account']).where('operator_id', '=', operatorId).orderBy('id').execute();

  it('a change call without its permission code (A0301) leaves a row with the code, the request minus secrets', async () => {
    const u = await addUser(t(), admin, { permissions: '1' });
    const token = await t().login(u.account, u.password);
    const r = await t().call('user/add', { account: 'intruder1', name: 'x', password: hash('secret123'), phone: '', permissions: '' }, { token });
    expect(r.error_code).toBe('A0301');
    const log = await logOf(u.id);
    const refused = log.filter((l) => l.action === 'user/add');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ result_code: 'A0301', operator_account: u.account });
    expect(JSON.parse(refused[0]!.summary)).toMatchObject({ account: 'intruder1', password: '***' });
    expect(await t().database.db.selectFrom('operator_user').select('id').where('account', '=', 'intruder1').execute()).toHaveLength(0);
  });

  it('granting a permission one does not hold (A0302) leaves a row and no account', async () => {
    const u = await addUser(t(), admin, { permissions: '13,1301' });
    const token = await t().login(u.account, u.password);
    const r = await t().call('user/add', { account: 'grantee1', name: 'x', password: hash('secret123'), phone: '', permissions: '1301,1402' }, { token });
    expect(r.error_code).toBe('A0302');
    const refused = (await logOf(u.id)).filter((l) => l.action === 'user/add');
    expect(refused.map((l) => l.result_code)).toEqual(['A0302']);
    expect(await t().database.db.selectFrom('operator_user').select('id').where('account', '=', 'grantee1').execute()).toHaveLength(0);
  });

  it('a read refused for want of permission is not a change and leaves no row', async () => {
    const u = await addUser(t(), admin, { permissions: '1' });
    const token = await t().login(u.account, u.password);
    const r = await t().call(report.REPORT_DEFS.agentDaily.path, { start_date: '2025-01-01', end_date: '2025-01-02' }, { token });
    expect(r.error_code).toBe('A0301');
    expect((await logOf(u.id)).filter((l) => l.action !== 'login')).toHaveLength(0);
  });
});

describe('what the operation log keeps of a request', () => {
  it('hides passwords, secrets, tokens and one-time codes, and keeps codes that name things', () => {
    expect(
      redact({ account: 'a', password: 'p', old_password: 'o', secret: 's', token: 't', google_code: '123456', message_code: '654321', code: '111111', agent_code: 'CN01', currency_code: 'CNY', nested: [{ new_password: 'x', game_code: 'G1' }] }),
    ).toEqual({ account: 'a', password: '***', old_password: '***', secret: '***', token: '***', google_code: '***', message_code: '***', code: '***', agent_code: 'CN01', currency_code: 'CNY', nested: [{ new_password: '***', game_code: 'G1' }] });
  });
});
