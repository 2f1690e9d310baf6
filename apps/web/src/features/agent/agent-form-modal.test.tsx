import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { agent } from '@console/contract';
import i18n, { loadAllNamespaces } from '../../locales';
import { useAppStore } from '../../stores/app';
import { useDictStore } from '../../stores/dict';
import { renderWithProviders } from '../../test-utils';
import { AgentFormModal } from './agent-form-modal';

const top: agent.AgentItem = {
  id: 5, code: 'CN01', name: '华东总代', parent_id: null, level: 1, currency_id: 1, currency_code: 'CNY', wallet_mode: 'transfer', share_rate: 5000,
  ip_whitelist: [], status: 1, remark: '', player_count: 0, created_at: '2026-11-26T16:30:00.000Z', child_count: 0, parent_share_rate: null, parent_path: '',
};

describe('AgentFormModal', () => {
  beforeAll(async () => {
    await loadAllNamespaces();
    useDictStore.setState({ currencies: [{ id: 1, code: 'CNY', name: '人民币', status: 1 }, { id: 2, code: 'USDT', name: '泰达币', status: 1 }] as never });
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('zh-cn');
    useAppStore.setState({ language: 'zh-cn' });
  });

  it('says the code rule under the field before anything is typed, in Chinese and English', async () => {
    await i18n.changeLanguage('zh-cn');
    const { unmount } = renderWithProviders(<AgentFormModal dialog={{ mode: 'add', parent: top }} onClose={() => undefined} />);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('4–16 位字母、数字或“-”，以字母或数字开头和结尾；按输入保存，大小写不同也视为同一代码，不能与已有代码重复；创建后不可修改')).toBeTruthy();
    expect(within(dialog).getByPlaceholderText('例如 CN01-SH')).toBeTruthy();
    unmount();

    await i18n.changeLanguage('en');
    renderWithProviders(<AgentFormModal dialog={{ mode: 'add', parent: null }} onClose={() => undefined} />);
    dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        '4–16 letters, digits or hyphens, starting and ending with a letter or digit. Kept as typed; codes differing only in letter case are the same code and must not be taken. Fixed once created.',
      ),
    ).toBeTruthy();
  });

  it('takes a code in the demo’s style and refuses one that breaks the rule, with the rule’s words', async () => {
    await i18n.changeLanguage('zh-cn');
    renderWithProviders(<AgentFormModal dialog={{ mode: 'add', parent: top }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('代码');
    fireEvent.change(code, { target: { value: 'CN01-GZ_' } });
    expect(await within(dialog).findByText('4–16 位字母、数字或“-”，以字母或数字开头和结尾')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'CN01-GZ' } });
    await waitFor(() => expect(within(dialog).queryByText('4–16 位字母、数字或“-”，以字母或数字开头和结尾')).toBeNull());
  });

  it('names the currencies in the console’s language', async () => {
    await i18n.changeLanguage('en');
    useAppStore.setState({ language: 'en' });
    renderWithProviders(<AgentFormModal dialog={{ mode: 'add', parent: null }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(await screen.findByText('CNY · Chinese Yuan')).toBeTruthy();
    expect(await screen.findByText('USDT · Tether')).toBeTruthy();
  });
});
