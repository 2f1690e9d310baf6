import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { key } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { desktopMatchMedia, fakeApi, ok, renderWithProviders } from '../../test-utils';
import KeyScreen from './key-screen';

const keyItem = (fields: Partial<key.KeyItem>): key.KeyItem => ({
  id: 1,
  type: 'ingest',
  agent_id: 0,
  agent_code: null,
  app_id: 'ik_0123456789abcdef01234567',
  status: 1,
  remark: '',
  expires_at: null,
  last_used_at: null,
  last_used_ip: null,
  rotated_at: null,
  created_at: '2026-11-20T00:00:00.000Z',
  agent_active: null,
  scope_agent_id: null,
  scope_agent_code: null,
  scope_platform_id: null,
  scope_platform_code: null,
  ...fields,
});
const KEYS = [
  keyItem({ id: 1, app_id: 'ik_all' }),
  keyItem({ id: 2, app_id: 'ik_agent', scope_agent_id: 11, scope_agent_code: 'CN01' }),
  keyItem({ id: 3, app_id: 'ik_both', scope_agent_id: 11, scope_agent_code: 'CN01', scope_platform_id: 5, scope_platform_code: 'PG' }),
];
const PLATFORMS = [
  { id: 5, code: 'PG', name: 'PG Soft', status: 1, sort: 1 },
  { id: 6, code: 'JL', name: 'JILI', status: 1, sort: 2 },
];

/** A desktop: every min-width media query matches, so antd's breakpoints are all on. */
const realMatchMedia = window.matchMedia;

describe('KeyScreen: ingest key scope', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await loadAllNamespaces();
    window.matchMedia = desktopMatchMedia;
  });
  afterAll(async () => {
    window.matchMedia = realMatchMedia;
    await i18n.changeLanguage('zh-cn');
  });
  beforeEach(() => {
    useSessionStore.setState({ permissions: ['12', '1202'] });
    useDictStore.setState({ agents: [{ id: 11, code: 'CN01', name: 'China 01', parent_id: null, level: 1, status: 1 } as never] });
  });
  afterEach(cleanup);

  const start = () =>
    fakeApi((path) => {
      if (path === 'key/list') return ok({ list: KEYS, total: KEYS.length });
      if (path === 'platform/list') return ok({ list: PLATFORMS });
      if (path === 'key/add') return ok({ id: 9, app_id: 'ik_new', secret: 'shown-once' });
      return undefined;
    });

  it('shows what each ingest key is limited to', async () => {
    start();
    renderWithProviders(<KeyScreen />, { route: '/operation/key' });
    const row = async (appId: string) => (await screen.findByText(appId)).closest('tr')!;
    expect(within(await row('ik_all')).getByText('All agents and providers')).toBeTruthy();
    expect(within(await row('ik_agent')).getByText('Agent CN01 and below')).toBeTruthy();
    const both = await row('ik_both');
    expect(within(both).getByText('Agent CN01 and below')).toBeTruthy();
    expect(within(both).getByText('Provider PG')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Scope' })).toBeTruthy();
  });

  it('issues an ingest key limited to a provider', async () => {
    const api = start();
    renderWithProviders(<KeyScreen />, { route: '/operation/key' });
    fireEvent.click(await screen.findByRole('button', { name: 'Issue key' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Ingest key'));
    const select = await within(dialog).findByTestId('key-scope-platform');
    expect(within(dialog).getByText('Limit to agent')).toBeTruthy();
    fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, [role="combobox"]') ?? select);
    fireEvent.click((await screen.findAllByTitle('PG Soft (PG)')).at(-1)!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(api.sent('key/add')).toEqual([expect.objectContaining({ type: 'ingest', agent_id: 0, scope_agent_id: 0, scope_platform_id: 5 })]));
  });
});
