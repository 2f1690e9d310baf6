import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import i18n, { loadAllNamespaces } from '../../locales';
import { IpWhitelistField } from './ip-whitelist-field';

describe('IpWhitelistField', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  afterEach(cleanup);

  it('shows an entry’s error under that entry, not under the add button', async () => {
    render(
      <Form initialValues={{ ip_whitelist: ['10.0.0.1', ''] }}>
        <IpWhitelistField />
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('白名单第 2 条'), { target: { value: '300.1.1.1' } });
    const error = await screen.findByText('不是有效的 IPv4/IPv6 地址或 CIDR 网段');
    const entry = error.closest('.ip-whitelist-entry');
    expect(entry).not.toBeNull();
    expect(entry!.contains(screen.getByLabelText('白名单第 2 条'))).toBe(true);
    expect(entry!.contains(screen.getByLabelText('白名单第 1 条'))).toBe(false);
    // The add button comes after the entries, and the error is above it.
    const add = screen.getByRole('button', { name: /添加地址/ });
    expect(error.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(screen.getByLabelText('白名单第 2 条'), { target: { value: '10.0.0.0/8' } });
    await waitFor(() => expect(screen.queryByText('不是有效的 IPv4/IPv6 地址或 CIDR 网段')).toBeNull());
  });
});
