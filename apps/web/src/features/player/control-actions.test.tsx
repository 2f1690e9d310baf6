import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n, { loadAllNamespaces } from '../../locales';
import { useDictStore } from '../../stores/dict';
import { fakeApi, ok, renderWithProviders } from '../../test-utils';
import { ControlAddDialog } from './control-actions';

const lucky = { id: 41, account: 'lucky00041', agent_code: 'CN01', currency_code: 'CNY' };

describe('ControlAddDialog', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
  });
  beforeEach(() => useDictStore.setState({ currencies: [{ id: 1, code: 'CNY', decimals: 2 } as never], games: [] }));
  afterEach(cleanup);

  const fill = (dialog: HTMLElement, intensity: string) => {
    fireEvent.change(within(dialog).getByLabelText(/强度|Intensity/), { target: { value: intensity } });
    fireEvent.change(within(dialog).getByLabelText(/目标金额|Target/), { target: { value: '50' } });
  };

  it('refuses intensity 300 with a message instead of clamping it to 200, and sets 200 as typed', async () => {
    await i18n.changeLanguage('zh-cn');
    const api = fakeApi((path) => (path === 'player/control/add' ? ok({ id: 1 }) : undefined));
    const onClose = vi.fn();
    renderWithProviders(<ControlAddDialog open player={lucky} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '为 lucky00041 设置点控' });
    fill(dialog, '300');
    fireEvent.click(within(dialog).getByRole('button', { name: '设置点控' }));
    expect(await within(dialog).findByText('强度必须是 1 到 200 之间的整数')).toBeTruthy();
    expect((within(dialog).getByLabelText('强度（%）') as HTMLInputElement).value).toBe('300');
    expect(api.sent('player/control/add')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('强度（%）'), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '设置点控' }));
    await waitFor(() => expect(api.sent('player/control/add')).toEqual([expect.objectContaining({ player_id: 41, game_id: 0, direction: 'win', target_amount: '50.0000', intensity: 200 })]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says it in English too, for 0 and for a fraction', async () => {
    await i18n.changeLanguage('en');
    const api = fakeApi(() => undefined);
    renderWithProviders(<ControlAddDialog open player={lucky} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Set control for lucky00041' });
    for (const bad of ['0', '1.5']) {
      fill(dialog, bad);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Set control' }));
      expect(await within(dialog).findByText('Intensity must be a whole number from 1 to 200')).toBeTruthy();
    }
    expect(api.sent('player/control/add')).toEqual([]);
    await i18n.changeLanguage('zh-cn');
  });
});
