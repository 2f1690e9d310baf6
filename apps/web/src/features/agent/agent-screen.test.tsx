import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { agent } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import AgentScreen from './agent-screen';

const item = (id: number, code: string, parent_id: number | null, child_count = 0): agent.AgentItem => ({
  id,
  code,
  name: code.toUpperCase(),
  parent_id,
  level: parent_id ? 2 : 1,
  currency_id: 1,
  currency_code: 'CNY',
  wallet_mode: 'transfer',
  share_rate: 5000,
  ip_whitelist: [],
  status: 1,
  remark: '',
  player_count: 0,
  created_at: '2026-11-26T16:30:00.000Z',
  child_count,
  parent_share_rate: parent_id ? 5000 : null,
  parent_path: parent_id ? 'east' : '',
});
const quick = (a: agent.AgentItem): agent.AgentQuickItem => ({ id: a.id, code: a.code, name: a.name, parent_id: a.parent_id, level: a.level, currency_id: 1, status: 1 });

const scrolled = vi.fn();
Element.prototype.scrollIntoView = scrolled;

describe('AgentScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
    useAppStore.setState({ language: 'zh-cn' });
  });
  beforeEach(() => {
    useSessionStore.setState({ token: 'tok', kind: 'operator', permissions: ['7'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useDictStore.setState({ currencies: [{ id: 1, code: 'CNY', name: '人民币', status: 1 } as never] });
  });
  afterEach(cleanup);

  it('shows a new sub-agent saved under a collapsed parent: the parent opens and the new row is scrolled to and marked', async () => {
    const east = item(11, 'east', null);
    const added = item(99, 'eastnew', 11);
    let saved = false;
    const api = fakeApi((path, body) => {
      if (path === 'agent/list') {
        if (body.parent_id === 0) return ok({ list: [{ ...east, child_count: saved ? 1 : 0 }], total: 1 });
        if (body.parent_id === 11) return ok({ list: saved ? [added] : [], total: saved ? 1 : 0 });
      }
      if (path === 'agent/add') {
        saved = true;
        return ok({ id: 99 });
      }
      if (path === 'agent/quick') return ok({ list: saved ? [quick(east), quick(added)] : [quick(east)] });
      if (path === 'currency/list') return ok({ list: [{ id: 1, code: 'CNY', name: '人民币', status: 1 }], total: 1 });
      if (path === 'game/list') return ok({ list: [], total: 0 });
      return undefined;
    });
    renderWithProviders(<AgentScreen />);
    const eastRow = await screen.findByText('EAST');
    fireEvent.click(within(eastRow.closest('tr')!).getByRole('button', { name: /east 的操作/ }));
    fireEvent.click(await screen.findByText('新增下级'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('例如 CN01-SH'), { target: { value: 'eastnew' } });
    fireEvent.change(within(dialog).getByPlaceholderText('代理名称'), { target: { value: 'EASTNEW' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));

    await waitFor(() => expect(api.sent('agent/add')).toHaveLength(1));
    const row = (await screen.findByText('EASTNEW')).closest('tr')!;
    expect(row.getAttribute('data-row-key')).toBe('99');
    await waitFor(() => expect(row.className).toContain('agent-row-fresh'));
    expect(api.sent('agent/list').some((b) => b.parent_id === 11)).toBe(true);
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
  });

  it('clears a search that hides a new top-level agent and turns to the page that holds it', async () => {
    // 20 agents a page; 25 top-level agents before, the new one is the 26th: page 2.
    const tops = Array.from({ length: 25 }, (_, i) => item(100 + i, `top${i}`, null));
    const added = item(200, 'topnew', null);
    let saved = false;
    const api = fakeApi((path, body) => {
      if (path === 'agent/list') {
        if (body.keyword) return ok({ list: [tops[0]], total: 1 });
        const all = saved ? [...tops, added] : tops;
        const page = body.page as number;
        return ok({ list: all.slice((page - 1) * 20, page * 20), total: all.length });
      }
      if (path === 'agent/add') {
        saved = true;
        return ok({ id: 200 });
      }
      if (path === 'agent/quick') return ok({ list: (saved ? [...tops, added] : tops).map(quick) });
      if (path === 'currency/list') return ok({ list: [{ id: 1, code: 'CNY', name: '人民币', status: 1 }], total: 1 });
      if (path === 'game/list') return ok({ list: [], total: 0 });
      return undefined;
    });
    renderWithProviders(<AgentScreen />, { route: '/?keyword=top0' });
    await screen.findByText('TOP0');
    fireEvent.click(screen.getByRole('button', { name: '新增总代理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('例如 CN01-SH'), { target: { value: 'topnew' } });
    fireEvent.change(within(dialog).getByPlaceholderText('代理名称'), { target: { value: 'TOPNEW' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('CNY · 人民币'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存|确\s*定/ }));

    const row = (await screen.findByText('TOPNEW')).closest('tr')!;
    await waitFor(() => expect(row.className).toContain('agent-row-fresh'));
    const { token: _token, ...last } = api.sent('agent/list').at(-1)!;
    expect(last).toEqual({ page: 2, page_size: 20, parent_id: 0 });
  });

  it('in an agent user’s session: calls /v1/agent/, adds only below their agent and leaves its own settings alone', async () => {
    const own = item(11, 'east', null, 1);
    const sub = item(12, 'eastsub', 11);
    useSessionStore.setState({
      kind: 'agent',
      userInfo: { ...operatorUser({ id: 31, account: 'east_admin' }), must_bind_google: false, agent_id: 11, agent_code: 'east', agent_name: 'EAST', admin_level_id: 1, admin_level_name: '超级管理员' },
    });
    const api = fakeApi(
      (path, body) => {
        if (path === 'agent/list') return ok(body.parent_id === 11 ? { list: [sub], total: 1 } : { list: [own], total: 1 });
        return undefined;
      },
      'tok',
      'agent',
    );
    renderWithProviders(<AgentScreen />);
    const ownRow = (await screen.findByText('EAST')).closest('tr')!;
    // The levels their users hold can be read; no agent can be added at the top.
    expect(screen.getByRole('link', { name: '管理级别' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增总代理' })).toBeNull();

    fireEvent.click(within(ownRow).getByRole('button', { name: /east 的操作/ }));
    expect(await screen.findByText('新增下级')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: /停\s*用/ })).toBeNull();

    fireEvent.click(within(ownRow).getByRole('button', { name: /展开|expand/i }));
    const subRow = (await screen.findByText('EASTSUB')).closest('tr')!;
    fireEvent.click(within(subRow).getByRole('button', { name: /eastsub 的操作/ }));
    expect(await screen.findByRole('menuitem', { name: '编辑' })).toBeTruthy();
    expect(api.prefixes()).toEqual(['/v1/agent/']);
  });
});
