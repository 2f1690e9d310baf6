import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { desktopMatchMedia, fakeApi, ok, renderWithProviders } from '../../test-utils';
import { PlayerDrawer } from './player-drawer';

const player = {
  id: 7, account: 'lucky007', agent_id: 2, agent_code: 'CN01', currency_id: 1, currency_code: 'CNY', balance: '100.0000', status: 1,
  registered_at: '2026-11-01T00:00:00.000Z', last_bet_at: '2026-11-26T16:30:00.000Z', bet_count: 3, bet_amount: '30.0000', player_win_loss: '-5.0000',
};
const wallet = (balance: string) => ({ id: 3, player_id: 7, player_account: 'lucky007', agent_id: 2, agent_code: 'CN01', currency_id: 1, currency_code: 'CNY', balance, updated_at: '2026-11-26T16:30:00.000Z' });
const control = {
  id: 11, player_id: 7, player_account: 'lucky007', agent_code: 'CN01', game_id: 0, game_code: '', currency_code: 'CNY', direction: 'lose', target_amount: '50.0000', achieved_amount: '30.0000',
  intensity: 100, status: 'active', remark: '', created_by_account: 'admin', created_at: '2026-11-26T00:00:00.000Z', cancelled_by_account: null, finished_at: null,
};
const detail = (balance: string, withControl = false) => ({
  player: { ...player, balance },
  wallets: [wallet(balance)],
  recent_ledger: [],
  recent_bets: [
    { bet_id: 'b1', game_id: 5, game_code: 'jdb_caishen_fishing', currency_code: 'CNY', bet_amount: '10.0000', payout_amount: '5.0000', player_win_loss: '-5.0000', settle_time: '2026-11-26T16:30:00.000Z', cancelled: false },
    { bet_id: 'b2', game_id: 5, game_code: 'jdb_caishen_fishing', currency_code: 'CNY', bet_amount: '20.0000', payout_amount: '0.0000', player_win_loss: '-20.0000', settle_time: '2026-11-26T16:20:00.000Z', cancelled: true },
  ],
  control: withControl ? control : null,
});

/** A desktop: every min-width media query matches, so antd's breakpoints are all on. */
const realMatchMedia = window.matchMedia;
function desktop() {
  window.matchMedia = desktopMatchMedia;
}

/** The adjust dialog's own submit (Enter in a field). */
const submit = () => fireEvent.click(document.querySelector('.ant-modal form button[type="submit"]')!);

describe('PlayerDrawer', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
    desktop();
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });
  beforeEach(() => {
    useDictStore.setState({
      timeZoneId: 9,
      currencies: [{ id: 1, code: 'CNY', name: '人民币', status: 1, decimals: 2 } as never],
      games: [{ id: 5, code: 'jdb_caishen_fishing', name_zh: '财神捕鱼', name_en: 'Caishen Fishing' } as never],
    });
  });
  afterEach(() => {
    cleanup();
    useSessionStore.setState({ kind: 'operator' });
  });

  it('shows game names before their codes', async () => {
    useSessionStore.setState({ permissions: ['801'] });
    fakeApi((path) => (path === 'player/detail' ? ok(detail('100.0000')) : undefined));
    renderWithProviders(<PlayerDrawer playerId={7} onClose={vi.fn()} />);
    const drawer = await screen.findByTestId('player-drawer');
    const [cell] = await within(drawer).findAllByText('财神捕鱼');
    expect(cell!.parentElement!.textContent).toBe('财神捕鱼 jdb_caishen_fishing');
    // The cancelled bet, and only it, is marked.
    const marks = within(drawer).getAllByText('已取消');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest('tr')!.getAttribute('data-row-key')).toBe('b2');
  });

  it('offers no action the operator may not take', async () => {
    useSessionStore.setState({ permissions: ['801'] });
    fakeApi((path) => (path === 'player/detail' ? ok(detail('100.0000')) : undefined));
    renderWithProviders(<PlayerDrawer playerId={7} onClose={vi.fn()} />);
    expect(await screen.findByTestId('wallet-balance-CNY')).toBeTruthy();
    expect(screen.queryByTestId('player-actions')).toBeNull();
    expect(screen.queryByRole('button', { name: /加\s*款/ })).toBeNull();
    expect(screen.getByText('进行中的点控')).toBeTruthy();
  });

  it('credits the player from the header, and the drawer shows the new balance', async () => {
    useSessionStore.setState({ permissions: ['801', '802', '803'] });
    let balance = '100.0000';
    const api = fakeApi((path) => {
      if (path === 'player/detail') return ok(detail(balance));
      if (path === 'player/wallet/adjust') {
        balance = '112.3400';
        return ok({ ledger_id: 1, balance_before: '100.0000', balance_after: '112.3400' });
      }
      return undefined;
    });
    renderWithProviders(<PlayerDrawer playerId={7} onClose={vi.fn()} />);
    const actions = await screen.findByTestId('player-actions');
    expect(within(actions).getByRole('button', { name: /扣\s*款/ })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: /设置点控/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('wallet-balance-CNY').textContent).toBe('100.00'));
    fireEvent.click(within(actions).getByRole('button', { name: /加\s*款/ }));
    const dialog = await screen.findByTestId('adjust-dialog');
    fireEvent.change(within(dialog).getByLabelText('金额'), { target: { value: '12.34' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '补偿' } });
    submit();
    fireEvent.change(await within(dialog).findByPlaceholderText('再次输入金额'), { target: { value: '12.34' } });
    expect(within(dialog).getByRole('button', { name: '确认加款 12.34 CNY' })).toBeTruthy();
    submit();
    await waitFor(() => expect(api.sent('player/wallet/adjust')).toEqual([expect.objectContaining({ player_id: 7, currency_id: 1, direction: 'credit', amount: '12.3400' })]));
    await waitFor(() => expect(screen.getByTestId('wallet-balance-CNY').textContent).toBe('112.34'));
  });

  it('cancels the active control from the header, asking with verbs and amounts in their currency', async () => {
    useSessionStore.setState({ permissions: ['801', '803'] });
    const api = fakeApi((path) => (path === 'player/detail' ? ok(detail('100.0000', true)) : undefined));
    renderWithProviders(<PlayerDrawer playerId={7} onClose={vi.fn()} />);
    const actions = await screen.findByTestId('player-actions');
    expect(within(actions).queryByRole('button', { name: /加\s*款/ })).toBeNull();
    fireEvent.click(within(actions).getByRole('button', { name: /取消点控/ }));
    const confirm = (await screen.findAllByText('取消 lucky007 的点控？'))[0]!.closest('.ant-modal') as HTMLElement;
    expect(confirm.textContent).toContain('输控，已达成 30.00 CNY / 目标 50.00 CNY');
    expect(within(confirm).getByRole('button', { name: '保留点控' })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '取消点控' }));
    await waitFor(() => expect(api.sent('player/control/cancel')).toEqual([expect.objectContaining({ id: 11 })]));
  });

  it('offers an agent user no wallet or point-control action, whatever codes came with the session', async () => {
    useSessionStore.setState({ kind: 'agent', permissions: ['801', '802', '803'] });
    const api = fakeApi((path) => (path === 'player/detail' ? ok(detail('100.0000', true)) : undefined), 'tok', 'agent');
    renderWithProviders(<PlayerDrawer playerId={7} onClose={vi.fn()} />);
    expect(await screen.findByTestId('wallet-balance-CNY')).toBeTruthy();
    expect(screen.queryByTestId('player-actions')).toBeNull();
    // Nor a point-control section: the server never tells them of one.
    expect(screen.queryByText('进行中的点控')).toBeNull();
    expect(api.prefixes()).toEqual(['/v1/agent/']);
  });
});
