import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { REPLICA_LAG_HEADER } from '@console/contract';
import { configureApi, request, resetApiConfig } from '../lib/api';
import { resetReplicaLag } from '../lib/replica-lag';
import { ReplicaLagNotice } from './replica-lag-notice';

const answer = (lag: string | null) =>
  new Response(JSON.stringify({ error_code: '0', error_msg: '', data: null }), {
    headers: { 'content-type': 'application/json', ...(lag === null ? {} : { [REPLICA_LAG_HEADER]: lag }) },
  });

describe('ReplicaLagNotice', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetReplicaLag();
    fetchMock.mockReset();
    configureApi({ fetch: fetchMock, getLanguage: () => 'en' });
  });
  afterEach(() => {
    cleanup();
    resetApiConfig();
    resetReplicaLag();
  });

  const answerWith = async (lag: string | null) => {
    fetchMock.mockResolvedValueOnce(answer(lag));
    await act(() => request('agent/report/agent/summary', {}));
  };

  it('shows the lag the last report answer told once it is over 5 s, and goes when it is back', async () => {
    render(<ReplicaLagNotice />);
    await answerWith('5');
    expect(screen.queryByTestId('replica-lag-notice')).toBeNull();
    await answerWith('12');
    expect(screen.getByTestId('replica-lag-notice').textContent).toMatch(/(Report figures may lag by about 12 s|报表数据可能延迟约 12 秒)/);
    // An answer without the header (any other call) leaves the notice as it was.
    await answerWith(null);
    expect(screen.getByTestId('replica-lag-notice')).toBeTruthy();
    await answerWith('0');
    expect(screen.queryByTestId('replica-lag-notice')).toBeNull();
  });
});
