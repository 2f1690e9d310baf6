import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import i18n, { loadAllNamespaces } from '../../locales';
import { deferred, fakeApi, ok, renderWithProviders } from '../../test-utils';
import { useDictStore } from '../../stores/dict';
import { AdjustDialog } from './adjust-dialog';

const wallet = {
  id: 3, player_id: 41, player_account: 'lucky00041', agent_id: 2, agent_code: 'CN01', currency_id: 1, currency_code: 'CNY', balance: '100.0000', updated_at: '2026-11-25T10:00:00.000Z',
};

describe('AdjustDialog', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  const submit = () => fireEvent.click(document.querySelector('.ant-modal form button[type="submit"]')!);

  it('shows the balance after as typed, refuses a debit beyond the balance, and asks for the amount again', async () => {
    const api = fakeApi(() => undefined);
    renderWithProviders(<AdjustDialog target={{ wallet, direction: 'debit' }} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '100.01' } });
    expect(await screen.findByText('超过余额：扣款不能使余额低于零')).toBeTruthy();
    expect(screen.getByTestId('adjust-after').textContent).toBe('-0.01');
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '40.5' } });
    await waitFor(() => expect(screen.getByTestId('adjust-after').textContent).toBe('59.50'));
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '更正' } });
    submit();
    expect(await screen.findByText(/余额从 100\.00 CNY 变为 59\.50 CNY/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认扣款 40.50 CNY' })).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('再次输入金额'), { target: { value: '40' } });
    submit();
    expect(await screen.findByText('请准确输入 40.50')).toBeTruthy();
    expect(api.sent('player/wallet/adjust')).toHaveLength(0);
  });

  it("opened for another wallet, starts empty: nothing typed for the last one shows or is sent", async () => {
    fakeApi(() => undefined);
    const other = { ...wallet, id: 4, player_id: 42, player_account: 'lucky00042', balance: '5.0000' };
    let show: (w: typeof wallet | null) => void = () => {};
    function Host() {
      const [shown, setShown] = useState<typeof wallet | null>(wallet);
      show = setShown;
      return <AdjustDialog target={shown && { wallet: shown, direction: 'credit' }} onClose={() => setShown(null)} />;
    }
    renderWithProviders(<Host />);
    const firstId = screen.getByTestId('adjust-request-id').textContent;
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '给 41 的' } });
    act(() => show(null));
    act(() => show(other));
    await waitFor(() => expect(screen.getByText(/lucky00042/)).toBeTruthy());
    expect((screen.getByLabelText('金额') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('备注') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByTestId('adjust-request-id').textContent).not.toBe(firstId);
  });

  it('sends one request, with the id made when the dialog opened, however often it is confirmed', async () => {
    const answer = deferred<Response>();
    const api = fakeApi((path) => (path === 'player/wallet/adjust' ? answer.promise : undefined));
    const onClose = vi.fn();
    renderWithProviders(<AdjustDialog target={{ wallet, direction: 'credit' }} onClose={onClose} />);
    const requestId = screen.getByTestId('adjust-request-id').textContent!;
    expect(requestId.length).toBeGreaterThanOrEqual(8);
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '0.0001' } });
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '补偿' } });
    submit();
    fireEvent.change(await screen.findByPlaceholderText('再次输入金额', {}, { timeout: 5000 }), { target: { value: '0.0001' } });
    submit();
    await waitFor(() => expect(api.sent('player/wallet/adjust')).toHaveLength(1));
    submit();
    submit();
    await new Promise((r) => setTimeout(r, 300));
    expect(api.sent('player/wallet/adjust')).toEqual([
      { player_id: 41, currency_id: 1, direction: 'credit', amount: '0.0001', remark: '补偿', request_id: requestId, token: 'tok' },
    ]);
    answer.resolve(ok({ ledger_id: 9, balance_before: '100.0000', balance_after: '100.0001' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('refuses an amount finer than the currency takes, repeats a balance with finer digits exactly and the amount in the currency decimals', async () => {
    useDictStore.setState({ currencies: [{ id: 1, code: 'CNY', decimals: 2 } as never] });
    const api = fakeApi(() => undefined);
    renderWithProviders(<AdjustDialog target={{ wallet: { ...wallet, balance: '100.0050' }, direction: 'credit' }} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '1.005' } });
    expect(await screen.findByText('CNY 金额最多 2 位小数')).toBeTruthy();
    expect(screen.getByRole('button', { name: /核\s*对/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByTestId('adjust-after').textContent).toBe('101.005'));
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '补偿' } });
    submit();
    expect(await screen.findByText('加款 1.00 CNY，玩家 lucky00041：余额从 100.005 CNY 变为 101.005 CNY。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认加款 1.00 CNY' })).toBeTruthy();
    expect(api.sent('player/wallet/adjust')).toHaveLength(0);
    useDictStore.setState({ currencies: [] });
  });

  it('shows the amount to credit in the currency decimals, never in the finer ones of the balance', async () => {
    useDictStore.setState({ currencies: [{ id: 1, code: 'CNY', decimals: 2 } as never] });
    const api = fakeApi(() => undefined);
    renderWithProviders(<AdjustDialog target={{ wallet: { ...wallet, balance: '100.0050' }, direction: 'credit' }} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '50' } });
    await waitFor(() => expect(screen.getByTestId('adjust-after').textContent).toBe('150.005'));
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '补偿' } });
    submit();
    expect(await screen.findByText('加款 50.00 CNY，玩家 lucky00041：余额从 100.005 CNY 变为 150.005 CNY。', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/50\.000/)).toBeNull();
    expect(screen.getByRole('button', { name: '确认加款 50.00 CNY' })).toBeTruthy();
    expect(screen.getByText('请再次输入金额 50.00 以确认')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('再次输入金额'), { target: { value: '5' } });
    submit();
    expect(await screen.findByText('请准确输入 50.00')).toBeTruthy();
    expect(api.sent('player/wallet/adjust')).toHaveLength(0);
    useDictStore.setState({ currencies: [] });
  });
});
