import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { ALL_PERMISSION_CODES, ASYNC_ROUTES, filterRoutes } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useSessionStore } from '../../stores/session';
import { renderWithProviders } from '../../test-utils';
import { buildMenu } from '../route-table';
import { MenuSearch } from './menu-search';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function open(codes: readonly string[]) {
  const routes = filterRoutes(ASYNC_ROUTES, codes);
  useSessionStore.setState({ routes, permissions: [...codes] });
  renderWithProviders(
    <>
      <MenuSearch menu={buildMenu(routes)} />
      <Where />
    </>,
    { route: '/dashboard' },
  );
  fireEvent.click(screen.getByTestId('menu-search'));
  return screen.getByTestId('menu-search-input');
}

const options = () => screen.getAllByRole('option');

describe('MenuSearch', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
    // jsdom lays nothing out: the list's scroll to the option under the cursor has nothing to do.
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(async () => {
    cleanup();
    useSessionStore.setState({ routes: [], permissions: [] });
    await i18n.changeLanguage('zh-cn');
  });

  it('finds the prize pools, hidden from the sidebar, under the agent config, in Chinese, and opens them without parameters', async () => {
    await i18n.changeLanguage('zh-cn');
    const input = open(ALL_PERMISSION_CODES);
    fireEvent.change(input, { target: { value: '奖池' } });
    const [pool] = options();
    expect(options()).toHaveLength(1);
    expect(within(pool!).getByText('游戏奖池')).toBeTruthy();
    expect(within(pool!).getByText('游戏管理 / 代理游戏配置')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    // The screen opens on the agent shown last (its own rule when the link names none).
    expect(screen.getByTestId('where').textContent).toBe('/game/manage/agent/prize-pool');
  });

  it('finds protection and the pools by their English names and other words for them', async () => {
    await i18n.changeLanguage('en');
    const input = open(ALL_PERMISSION_CODES);
    fireEvent.change(input, { target: { value: 'protection' } });
    expect(options().map((o) => o.textContent)).toEqual(['Guarantee / protectionGame management / Agent game config']);
    fireEvent.change(input, { target: { value: 'jackpot' } });
    expect(options().map((o) => o.textContent)).toEqual(['Game prize poolGame management / Agent game config']);
    // The arrows reach a hidden screen like any other.
    fireEvent.change(input, { target: { value: 'agent game' } });
    expect(options().map((o) => within(o).getByText(/./, { selector: '.menu-search-title' }).textContent)).toEqual(['Agent game config', 'Guarantee / protection', 'Game prize pool']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/game/manage/agent/prize-pool');
  });

  it('never offers a hidden screen the user may not open, nor the login or error pages', async () => {
    await i18n.changeLanguage('en');
    const input = open(['1', '9', '901']);
    fireEvent.change(input, { target: { value: 'pool' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'login' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'not found' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
