import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AGENT_PERMISSION_CODES, type agent, type CallResponse } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import AgentLevelScreen from './agent-level-screen';

type Level = CallResponse<typeof agent.agentAdminLevelList>['list'][number];
const level = (fields: Partial<Level> = {}): Level => ({ id: 1, name: '财务', level: 2, permissions: '14,1401,1403,6', user_count: 3, ...fields });

let levels: Level[];
let api: ReturnType<typeof fakeApi>;

function start() {
  api = fakeApi((path, body) => {
    if (path === 'agent/adminlevel/list') return ok({ list: levels });
    if (path === 'agent/adminlevel/add') {
      levels = [...levels, level({ id: 9, name: body.name as string, level: body.level as number, permissions: body.permissions as string, user_count: 0 })];
      return ok({ id: 9 });
    }
    if (path === 'agent/adminlevel/edit') return ok(null);
    return undefined;
  });
  renderWithProviders(<AgentLevelScreen />, { route: '/agent/manage/level' });
}

/** The dialog open now (a closing one may linger a moment). */
const dialog = () => screen.getAllByRole('dialog').at(-1)!;
const tree = () => within(dialog()).getByTestId('agent-permission-tree');
/** Checks a node of the tree by its title. */
const check = (title: string) => {
  const node = within(tree()).getByTitle(title).closest('.ant-tree-treenode')!;
  fireEvent.click(node.querySelector('.ant-tree-checkbox')!);
};
const withoutToken = (bodies: Record<string, unknown>[]) => bodies.map(({ token: _token, ...b }) => b);

describe('AgentLevelScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    levels = [level()];
    useSessionStore.setState({ token: 'tok', kind: 'operator', permissions: ['7'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useAppStore.setState({ device: 'desktop', language: 'zh-cn' });
  });
  afterEach(cleanup);

  it('lists each level with its rank, its permissions by module and its users', async () => {
    start();
    const row = (await screen.findByText('财务')).closest('tr')!;
    expect(row.textContent).toContain('代理报表 2/5');
    expect(row.textContent).toContain('账变记录');
    expect(row.textContent).toContain('3');
  });

  it('offers only the agent permission tree and sends only its codes, modules included', async () => {
    start();
    fireEvent.click(await screen.findByRole('button', { name: '新增管理级别' }));
    // Operator-only screens are not in the tree at all.
    for (const operatorOnly of ['币种管理', '域名管理', '总台游戏配置', '日志管理', '钱包管理']) expect(within(tree()).queryByTitle(operatorOnly)).toBeNull();
    fireEvent.change(within(dialog()).getByLabelText('名称'), { target: { value: '客服' } });
    fireEvent.change(within(dialog()).getByLabelText('等级'), { target: { value: '5' } });
    check('玩家报表');
    check('账变记录');
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(api.sent('agent/adminlevel/add')).toHaveLength(1));
    const [body] = withoutToken(api.sent('agent/adminlevel/add'));
    expect(body).toMatchObject({ name: '客服', level: 5 });
    const codes = String(body!.permissions).split(',');
    expect(codes).toEqual(['2', '201', '202', '203', '204', '6']);
    for (const c of codes) expect(AGENT_PERMISSION_CODES).toContain(c);
    expect(await screen.findByText('客服')).toBeTruthy();
  });

  it('asks for at least one page', async () => {
    start();
    fireEvent.click(await screen.findByRole('button', { name: '新增管理级别' }));
    fireEvent.change(within(dialog()).getByLabelText('名称'), { target: { value: '空' } });
    fireEvent.change(within(dialog()).getByLabelText('等级'), { target: { value: '5' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('请至少选择一个页面')).toBeTruthy();
    expect(api.sent('agent/adminlevel/add')).toEqual([]);
  });

  it("edits a level from its stored codes, drops codes outside the agent tree, and says its users get the change", async () => {
    levels = [level({ permissions: '14,1401,1403,6,13,1303' })];
    start();
    // An add dialog opened and closed first leaves nothing of its own values behind.
    fireEvent.click(await screen.findByRole('button', { name: '新增管理级别' }));
    expect((within(dialog()).getByLabelText('等级') as HTMLInputElement).value).toBe('3');
    fireEvent.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));
    fireEvent.click(await screen.findByRole('button', { name: '编辑 财务' }));
    await waitFor(() => expect((within(screen.getAllByRole('dialog').at(-1)!).getByLabelText('等级') as HTMLInputElement).value).toBe('2'));
    expect(within(dialog()).getByText(/3 个代理用户持有此级别/)).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('名称'), { target: { value: '财务主管' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(withoutToken(api.sent('agent/adminlevel/edit'))).toEqual([{ id: 1, name: '财务主管', level: 2, permissions: '14,1401,1403,6' }]));
  });

  it('lets an agent user read the levels but neither add nor edit one (those calls are the operators’)', async () => {
    useSessionStore.setState({ kind: 'agent' });
    start();
    expect(await screen.findByText('财务')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增管理级别' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
  });
});
