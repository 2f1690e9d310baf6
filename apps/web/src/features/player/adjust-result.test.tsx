import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { useSessionStore } from '../../stores/session';
import { desktopMatchMedia, fakeApi, ok, renderWithProviders } from '../../test-utils';
import { ledgerEntryLink } from './adjust-result';
import { PlayerDrawer } from './player-drawer';
import WalletScreen from './wallet-screen';

const wallet = (balance: string) => ({ id: 3, player_id: 7, player_account: 'lucky007', agent_id: 2, agent_code: 'CN01', currency_id: 1, currency_code: 'CNY', balance, updated_at: '2026-11-26T16:30:00.000Z' });
const detail = (balance: string) => ({
  player: {
    id: 7, account: 'lucky007', agent_id: 2, agent_code: 'CN01', currency_id: 1, currency_code: 'CNY', balance, status: 1,
    registered_at: '2026-11-01T00:00:00.000Z', last_bet_at: null, bet_count: 0, bet_amount: '0.0000', player_win_loss: '0.0000',
  },
  wallets: [wallet(balance)],
  recent_ledger: [],
  recent_bets: [],
  control: null,
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const realMatchMedia = window.matchMedia;
/** The adjust dialog's own submit (Enter in a field). */
const submit = () => fireEvent.click(document.querySelector('.ant-modal form button[type="submit"]')!);

/** Credits 12.34 through the open adjust dialog, with its typed confirmation. */
async function credit() {
  const dialog = await screen.findByTestId('adjust-dialog');
  fireEvent.change(within(dialog).getByLabelText(/金额|Amount/), { target: { value: '12.34' } });
  fireEvent.change(within(dialog).getByLabelText(/备注|Remark/), { target: { value: '补偿' } });
  submit();
  fireEvent.change(await within(dialog).findByPlaceholderText(/再次输入金额|Amount again/), { target: { value: '12.34' } });
  await act(async () => {
    submit();
  });
  return within(dialog).getByTestId('adjust-request-id').textContent!;
}

function api() {
  let balance = '100.0000';
  return fakeApi((path) => {
    if (path === 'player/detail') return ok(detail(balance));
    if (path === 'player/wallet/list') return ok({ list: [wallet(balance)], total: 1 });
    if (path === 'player/wallet/adjustments') return ok({ list: [], total: 0 });
    if (path === 'player/wallet/adjust') {
      balance = '112.3400';
      return ok({ ledger_id: 41, balance_before: '100.0000', balance_after: '112.3400' });
    }
    return undefined;
  });
}

describe('the result of a wallet adjustment', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
    window.matchMedia = desktopMatchMedia;
  });
  afterAll(() => {
    window.matchMedia = realMatchMedia;
  });
  beforeEach(() => {
    useDictStore.setState({ currencies: [{ id: 1, code: 'CNY', name: '人民币', status: 1, decimals: 2 } as never] });
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('zh-cn');
  });

  it('links the ledger narrowed to the entry: its order id is the request id', () => {
    expect(ledgerEntryLink({ wallet: wallet('1'), direction: 'debit', requestId: 'rq-1' })).toBe('/bill/report?order_id=rq-1&type=manual_debit&player_account=lucky007&agent_id=2');
  });

  it('stays in the player drawer with the amount, the balance and a link to its ledger entry, which closes the drawer', async () => {
    await i18n.changeLanguage('zh-cn');
    useSessionStore.setState({ permissions: ['801', '802', '6'] });
    api();
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <PlayerDrawer playerId={7} onClose={onClose} />
        <Where />
      </>,
    );
    fireEvent.click(within(await screen.findByTestId('player-actions')).getByRole('button', { name: /加\s*款/ }));
    const requestId = await credit();
    const result = await screen.findByTestId('adjust-result');
    expect(result.textContent).toContain('已给 lucky007 加款');
    expect(result.textContent).toContain('+12.34 CNY');
    expect(result.textContent).toContain('当前余额112.34 CNY');
    expect(result.textContent).toContain(`订单号：${requestId}`);
    const link = within(result).getByRole('link', { name: '在账变记录中查看此条' });
    expect(link.getAttribute('href')).toBe(`/bill/report?order_id=${requestId}&type=manual_credit&player_account=lucky007&agent_id=2`);
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe(`/bill/report?order_id=${requestId}&type=manual_credit&player_account=lucky007&agent_id=2`);
    expect(onClose).toHaveBeenCalled();
  });

  it('stays on wallet management until closed, in English, without the link for a user who may not read the ledger', async () => {
    await i18n.changeLanguage('en');
    useSessionStore.setState({ permissions: ['8', '802'] });
    api();
    renderWithProviders(<WalletScreen />, { route: '/player/manage/wallet' });
    const row = (await screen.findByText('lucky007')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Credit/ }));
    const requestId = await credit();
    const result = await screen.findByTestId('adjust-result');
    expect(result.textContent).toContain('Credited lucky007');
    expect(result.textContent).toContain(requestId);
    expect(within(result).queryByRole('link')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('adjust-dialog')).toBeNull());
    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('adjust-result')).toBeNull());
  });
});
