import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { key } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useSessionStore } from '../../stores/session';
import { desktopMatchMedia, fakeApi, ok, renderWithProviders } from '../../test-utils';
import KeyScreen from './key-screen';

const keyItem = (fields: Partial<key.KeyItem>): key.KeyItem => ({
  id: 1,
  type: 'agent',
  agent_id: 11,
  agent_code: 'cn01',
  app_id: 'agt_cn01',
  status: 1,
  remark: '',
  expires_at: null,
  last_used_at: null,
  last_used_ip: null,
  rotated_at: null,
  created_at: '2026-11-20T00:00:00.000Z',
  agent_active: true,
  ...fields,
});
const KEYS = [
  keyItem({ id: 1, agent_ip_whitelist: ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32'] }),
  keyItem({ id: 2, app_id: 'agt_cn02', agent_id: 12, agent_code: 'cn02', agent_ip_whitelist: [] }),
  keyItem({ id: 3, app_id: 'ik_all', type: 'ingest', agent_id: 0, agent_code: null, agent_active: null, agent_ip_whitelist: null }),
];
const realMatchMedia = window.matchMedia;

function start() {
  const api = fakeApi((path) => {
    if (path === 'key/list') return ok({ list: KEYS, total: KEYS.length });
    return undefined;
  });
  renderWithProviders(<KeyScreen />, { route: '/operation/key' });
  return api;
}
const rowOf = async (appId: string) => (await screen.findByText(appId)).closest('tr')!;

describe('KeyScreen: the agent’s IP whitelist under each agent key', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
    window.matchMedia = desktopMatchMedia;
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('zh-cn');
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('zh-cn');
  });

  it('shows the whitelist, or that an empty one admits no address, with a link to the agent in agent management', async () => {
    useSessionStore.setState({ permissions: ['12', '1202', '7'] });
    const api = start();
    const first = await rowOf('agt_cn01');
    const list = await within(first).findByTestId('key-whitelist');
    expect(list.textContent).toContain('IP 白名单：');
    expect(list.textContent).toContain('203.0.113.7, 10.0.0.0/8');
    expect(list.textContent).toContain('另 1 条');
    expect(within(list).getByRole('link', { name: '编辑白名单' }).getAttribute('href')).toBe('/agent/manage/index?keyword=cn01');

    const second = await rowOf('agt_cn02');
    const empty = await within(second).findByTestId('key-whitelist');
    expect(within(empty).getByText('白名单为空：任何地址都不能调用')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: '编辑白名单' }).getAttribute('href')).toBe('/agent/manage/index?keyword=cn02');

    // An ingest key has no agent, so no whitelist; the whitelists come with the keys.
    expect(within(await rowOf('ik_all')).queryByTestId('key-whitelist')).toBeNull();
    expect(api.sent('agent/list')).toEqual([]);
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    useSessionStore.setState({ permissions: ['12', '1202', '7'] });
    start();
    const empty = await within(await rowOf('agt_cn02')).findByTestId('key-whitelist');
    expect(empty.textContent).toContain('Whitelist empty: no address may call');
    expect(within(empty).getByRole('link', { name: 'Edit whitelist' })).toBeTruthy();
  });

  it('on a phone marks an empty whitelist under the App ID, where it reads without scrolling sideways', async () => {
    window.matchMedia = realMatchMedia;
    try {
      useSessionStore.setState({ permissions: ['12', '1202', '7'] });
      start();
      const second = await rowOf('agt_cn02');
      expect((await within(second).findByTestId('key-whitelist-mark')).textContent).toBe('白名单为空');
      expect(within(second).getByText('agt_cn02').closest('td')!.contains(within(second).getByTestId('key-whitelist-mark'))).toBe(true);
      expect(within(await rowOf('agt_cn01')).queryByTestId('key-whitelist-mark')).toBeNull();
    } finally {
      window.matchMedia = desktopMatchMedia;
    }
  });

  it('without agent management (code 7) shows the whitelist all the same, with no link to edit it', async () => {
    useSessionStore.setState({ permissions: ['12', '1202'] });
    const api = start();
    const list = await within(await rowOf('agt_cn01')).findByTestId('key-whitelist');
    expect(list.textContent).toContain('203.0.113.7, 10.0.0.0/8');
    expect(within(list).queryByRole('link')).toBeNull();
    expect(within(await within(await rowOf('agt_cn02')).findByTestId('key-whitelist')).getByText('白名单为空：任何地址都不能调用')).toBeTruthy();
    expect(api.sent('agent/list')).toEqual([]);
  });
});
