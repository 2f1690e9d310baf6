import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { game, platform } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { fakeApi, ok, operatorUser, renderWithProviders } from '../../test-utils';
import CatalogueScreen from './catalogue-screen';

const provider = (fields: Partial<platform.PlatformItem> = {}): platform.PlatformItem => ({ id: 1, code: 'pgsoft', name: 'PG 电子', status: 1, sort: 0, ...fields });
const gameRow = (fields: Partial<game.GameItem> = {}): game.GameItem => ({
  id: 10,
  code: 'fortune_tiger',
  name_zh: '虎虎生财',
  name_en: 'Fortune Tiger',
  platform_id: 1,
  platform_code: 'pgsoft',
  platform_name: 'PG 电子',
  type: 'slot',
  status: 1,
  sort: 0,
  ...fields,
});

let providers: platform.PlatformItem[];
let games: game.GameItem[];
let api: ReturnType<typeof fakeApi>;

function start(route = '/') {
  api = fakeApi((path, body) => {
    if (path === 'platform/list') return ok({ list: providers, total: providers.length });
    if (path === 'game/list') return ok({ list: games, total: games.length });
    if (path === 'agent/quick') return ok({ list: [] });
    if (path === 'currency/list') return ok({ list: [], total: 0 });
    if (path === 'game/add') {
      const p = providers.find((x) => x.id === body.platform_id)!;
      const id = 100 + games.length;
      games = [...games, gameRow({ id, ...(body as Partial<game.GameItem>), platform_code: p.code, platform_name: p.name })];
      return ok({ id });
    }
    if (path === 'platform/add') {
      const id = 100 + providers.length;
      providers = [...providers, provider({ id, ...(body as Partial<platform.PlatformItem>) })];
      return ok({ id });
    }
    if (path === 'game/edit' || path === 'platform/edit') return ok(null);
    return undefined;
  });
  return renderWithProviders(<CatalogueScreen />, { route });
}

const dialog = () => screen.getByRole('dialog');
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
const withoutToken = (bodies: Record<string, unknown>[]) => bodies.map(({ token: _token, ...b }) => b);

/** Picks an option of an antd select inside the dialog by its visible text. */
async function pick(testId: string, option: string) {
  const select = within(dialog()).getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('.ant-select-selector, .ant-select-content, [role="combobox"]') ?? select);
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
}

describe('CatalogueScreen', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    providers = [provider(), provider({ id: 2, code: 'jili', name: 'JILI', sort: 1 })];
    games = [gameRow()];
    useSessionStore.setState({ token: 'tok', permissions: ['9', '901'], userInfo: { ...operatorUser({ id: 1, account: 'admin' }), must_bind_google: false } });
    useDictStore.setState({ agents: [], currencies: [], games: [...games] });
    useAppStore.setState({ device: 'desktop', language: 'zh-cn' });
  });
  afterEach(cleanup);

  it('adds a game with the body the contract asks for, then reloads the dictionaries so every game picker offers it', async () => {
    start('/?platform_id=2');
    // The provider filter is taken over as the new game's provider.
    fireEvent.click(await screen.findByRole('button', { name: '新增游戏' }));
    fireEvent.change(within(dialog()).getByLabelText('代码'), { target: { value: ' mahjong_ways ' } });
    fireEvent.change(within(dialog()).getByLabelText('中文名称'), { target: { value: '麻将胡了' } });
    fireEvent.change(within(dialog()).getByLabelText('英文名称'), { target: { value: 'Mahjong Ways' } });
    await pick('game-type', '电子');
    const listsBefore = api.sent('game/list').length;
    save();

    await waitFor(() => expect(withoutToken(api.sent('game/add'))).toEqual([{ code: 'mahjong_ways', name_zh: '麻将胡了', name_en: 'Mahjong Ways', platform_id: 2, type: 'slot', sort: 0 }]));
    // The session's dictionary (report filters, agent config, prize pools, point control) holds the new game.
    await waitFor(() => expect(useDictStore.getState().games.map((g) => g.code)).toEqual(['fortune_tiger', 'mahjong_ways']));
    expect(api.sent('game/list').length).toBeGreaterThanOrEqual(listsBefore + 2);
    expect(api.sent('platform/list').length).toBeGreaterThanOrEqual(2);
    // The list shows it, under the provider filtered.
    const row = (await screen.findByText('mahjong_ways')).closest('tr')!;
    expect(row.textContent).toContain('麻将胡了');
  });

  it('refuses a code outside 2–32 lower-case letters, digits or _ without sending it', async () => {
    start();
    fireEvent.click(await screen.findByRole('button', { name: '新增游戏' }));
    fireEvent.change(within(dialog()).getByLabelText('代码'), { target: { value: 'Fortune-Tiger' } });
    save();
    expect(await within(dialog()).findByText('2–32 位小写字母、数字或 _')).toBeTruthy();
    expect(api.sent('game/add')).toEqual([]);
  });

  it('adds a game provider and refreshes the provider list of every picker', async () => {
    start();
    fireEvent.click(await screen.findByRole('button', { name: '新增游戏厂商' }));
    fireEvent.change(within(dialog()).getByLabelText('代码'), { target: { value: 'evo' } });
    fireEvent.change(within(dialog()).getByLabelText('名称'), { target: { value: 'Evolution' } });
    save();
    await waitFor(() => expect(withoutToken(api.sent('platform/add'))).toEqual([{ code: 'evo', name: 'Evolution', sort: 0 }]));
    expect(await screen.findByText('evo')).toBeTruthy();
    await waitFor(() => expect(api.sent('game/list').length).toBeGreaterThanOrEqual(2));
  });

  it("shows a game's code read-only on edit and sends only what may change", async () => {
    start();
    const row = (await screen.findByText('fortune_tiger')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const code = within(dialog()).getByLabelText('代码') as HTMLInputElement;
    expect(code.value).toBe('fortune_tiger');
    expect(code.readOnly).toBe(true);
    expect(within(dialog()).getByText('代码创建后不可修改：游戏服务器随每笔注单发送它')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'other_code' } });
    fireEvent.change(within(dialog()).getByLabelText('英文名称'), { target: { value: 'Fortune Tiger II' } });
    save();
    await waitFor(() => expect(withoutToken(api.sent('game/edit'))).toEqual([{ id: 10, name_zh: '虎虎生财', name_en: 'Fortune Tiger II', type: 'slot', sort: 0 }]));
  });

  it('disables a provider only after a confirmation saying that its games take no new bets', async () => {
    start();
    const row = (await screen.findByText('jili')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '停用' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('其所有游戏不再接受新注单');
    expect(api.sent('platform/edit')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: '停用游戏厂商' }));
    await waitFor(() => expect(withoutToken(api.sent('platform/edit'))).toEqual([{ id: 2, status: 2 }]));
  });

  it("links each game to its house default config, filtered to the game", async () => {
    start();
    const link = await screen.findByTestId('game-dealer-fortune_tiger');
    expect(link.getAttribute('href')).toBe('/game/manage/dealer?platform_id=1&keyword=fortune_tiger');
  });
});
