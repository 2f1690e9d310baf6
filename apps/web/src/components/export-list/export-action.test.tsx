import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import i18n, { loadAllNamespaces } from '../../locales';
import { useSessionStore } from '../../stores/session';
import { deferred, fakeApi, ok, renderWithProviders } from '../../test-utils';
import { ExportAction } from './export-action';

/**
 * The export's answer, when the test says: an envelope without an error stands for the file (the
 * download then keeps the name it was given).
 */
function exportAnswer() {
  const answer = deferred<Response>();
  fakeApi((path) => (path.endsWith('/export') ? answer.promise : undefined));
  return {
    finish: async () => {
      answer.resolve(ok(null));
      await answer.promise;
    },
  };
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}


describe('ExportAction', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-cn');
    await loadAllNamespaces();
  });
  beforeEach(() => {
    useSessionStore.setState({ permissions: ['13', '1305'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps the result with its link until closed, and puts the keyboard on the link when the focus was left nowhere', async () => {
    const answer = exportAnswer();
    renderWithProviders(
      <>
        <ExportAction name="agent-daily" path="agent/report/agent/daily/summary/export" body={{}} fileName="agent-daily.xlsx" />
        <Where />
      </>,
    );
    const button = screen.getByTestId('report-export');
    button.focus();
    fireEvent.click(button);
    // The button is disabled while the export runs, which drops the focus.
    button.blur();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(answer.finish);
    const link = await screen.findByRole('button', { name: '导出管理' });
    expect(screen.getByText('agent-daily.xlsx 已下载。')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(link));
    // Long after the usual 4.5 s it is still there.
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('button', { name: '导出管理' })).toBe(link);
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/background/export');
  });

  it('leaves the focus where the user took it meanwhile, and brings it back to the button when closed', async () => {
    const answer = exportAnswer();
    renderWithProviders(
      <>
        <input aria-label="elsewhere" />
        <ExportAction name="bill" path="bill/list/export" body={{}} fileName="x.xlsx" testId="bill-export" />
      </>,
    );
    fireEvent.click(screen.getByTestId('bill-export'));
    const elsewhere = screen.getByLabelText('elsewhere');
    elsewhere.focus();
    await act(answer.finish);
    const link = await screen.findByRole('button', { name: '导出管理' });
    expect(document.activeElement).toBe(elsewhere);
    // Its close button is a button the keyboard reaches; closing it brings the focus back to the export.
    const notice = link.closest('.ant-notification-notice')!;
    const close = notice.querySelector<HTMLElement>('.ant-notification-notice-close')!;
    expect(close.tagName).toBe('BUTTON');
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('bill-export')));
  });
});
