import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useLocation } from 'react-router';
import { z } from 'zod';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { renderWithProviders } from '../../test-utils';
import { clearChips, type FilterChip } from './filter-chips';
import { ListFilters } from './list-filters';
import { useFilterChips } from './filter-chips';
import { useListState } from './use-list-state';

const FILTERS = z.object({ agent_id: z.number().int().min(0).optional(), player_account: z.string().optional(), keyword: z.string().optional() });
type F = z.output<typeof FILTERS>;

/** A list screen that takes an agent, a player and a keyword, the way a drill-down's link brings them. */
function Screen({ drawer = false }: { drawer?: boolean }) {
  const list = useListState({ id: 'chips-test', filters: FILTERS });
  const chips = useFilterChips<F>(list.filters, ['agent_id', 'player_account', 'keyword']);
  const location = useLocation();
  return (
    <>
      <ListFilters list={list} name="chips-filters" phoneDrawer={drawer} summary="summary" activeCount={chips.length} chips={chips}>
        <Form.Item name="player_account" label="Player">
          <Input placeholder="player" />
        </Form.Item>
        <Form.Item name="keyword" label="Keyword">
          <Input placeholder="keyword" />
        </Form.Item>
      </ListFilters>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

const query = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('search').textContent ?? ''));
const chipTexts = () => within(screen.getByTestId('filter-chips')).getAllByText(/:|：/).map((e) => e.textContent);

const realMatchMedia = window.matchMedia;
const screenWidth = (desktop: boolean) => {
  window.matchMedia = (q: string) =>
    ({ matches: desktop && /min-width/.test(q), media: q, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;
};

describe('filter chips', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  beforeEach(() => {
    useDictStore.setState({ agents: [{ id: 2, code: 'CN01', name: '华南', parent_id: null, level: 1, currency_id: 1, status: 1 }] as never });
  });
  afterEach(async () => {
    cleanup();
    window.matchMedia = realMatchMedia;
    await i18n.changeLanguage('zh-cn');
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });

  it('clears what a chip names, and the filters it says to set', () => {
    const chips: FilterChip<{ agent_id?: number; currency_id?: number; a?: string }>[] = [
      { key: 'agent_id', label: 'Agent', value: 'x', cleared: { agent_id: 0 } },
      { key: 'a', label: 'A', value: 'y' },
    ];
    expect(clearChips({ agent_id: 2, currency_id: 1, a: 'y' }, chips)).toEqual({ agent_id: 0, currency_id: 1, a: undefined });
  });

  for (const desktop of [true, false]) {
    it(`shows the carried filters as chips with their names, in Chinese and English (${desktop ? 'desktop' : 'phone, fields in the drawer'})`, async () => {
      screenWidth(desktop);
      renderWithProviders(<Screen drawer />, { route: '/?agent_id=2&player_account=lucky007' });
      expect(chipTexts()).toEqual(['代理：华南 (CN01)', '玩家：lucky007']);
      // On the phone the fields are folded away: the chips are in the bar itself, beside the Filters button.
      if (!desktop) expect(screen.getByTestId('filters-open').closest('.list-filters-bar')!.contains(screen.getByTestId('filter-chips'))).toBe(true);
      await act(async () => {
        await i18n.changeLanguage('en');
      });
      expect(chipTexts()).toEqual(['Agent: 华南 (CN01)', 'Player: lucky007']);
      expect(screen.getByRole('group', { name: 'Filtered by' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Remove the filter Agent: 华南 (CN01)' })).toBeTruthy();
    });
  }

  it('closes one chip from the keyboard: the list searches without it, and the focus goes to the next chip', async () => {
    screenWidth(true);
    renderWithProviders(<Screen />, { route: '/?agent_id=2&player_account=lucky007&keyword=vip' });
    const close = screen.getByRole('button', { name: '移除筛选条件 代理：华南 (CN01)' });
    expect(close.tabIndex).toBe(0);
    close.focus();
    await act(async () => {
      fireEvent.keyDown(close, { key: 'Enter' });
    });
    expect(query()).toEqual({ player_account: 'lucky007', keyword: 'vip' });
    expect(chipTexts()).toEqual(['玩家：lucky007', '关键字：vip']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '移除筛选条件 玩家：lucky007' }));
    // The fields show the filters in effect.
    expect(screen.getByPlaceholderText<HTMLInputElement>('player').value).toBe('lucky007');
    // With none left, the focus goes to Search, not into a field.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '全部清除' }));
    });
    expect(screen.queryByTestId('filter-chips')).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('button[type="submit"]'));
  });

  it('clears them all at once, and shows no chip row without a filter', async () => {
    screenWidth(false);
    renderWithProviders(<Screen drawer />, { route: '/?agent_id=2&keyword=vip' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '全部清除' }));
    });
    expect(query()).toEqual({});
    expect(screen.queryByTestId('filter-chips')).toBeNull();
    // The focus stays in the bar: on the phone, the Filters button.
    expect(document.activeElement).toBe(screen.getByTestId('filters-open'));
  });

  it('offers "clear all" only for several chips, and names an agent it does not know by its id', () => {
    screenWidth(true);
    renderWithProviders(<Screen />, { route: '/?agent_id=99' });
    expect(chipTexts()).toEqual(['代理：#99']);
    expect(screen.queryByRole('button', { name: '全部清除' })).toBeNull();
  });
});
