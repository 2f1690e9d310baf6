import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { user } from '@console/contract';
import { ApiError, call, configureApi, download, fileNameFromDisposition, readCookie, REQUEST_TIMEOUT_MS, request, resetSessionExpiry } from './api';
import { setFeedback } from './feedback';
import type { SessionKind } from './session-kind';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const toast = { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() };
const notice = { info: vi.fn(), error: vi.fn(), success: vi.fn(), warning: vi.fn() };
let token = '';
let kind: SessionKind = 'operator';
const expired = vi.fn();

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  token = '';
  kind = 'operator';
  for (const f of [...Object.values(toast), ...Object.values(notice), expired]) f.mockReset();
  setFeedback({ message: toast as never, notification: notice as never });
  resetSessionExpiry();
  configureApi({
    fetch: fetchMock,
    getToken: () => token,
    getSessionKind: () => kind,
    getLanguage: () => 'en',
    onSessionExpired: expired,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

afterEach(() => {
  vi.useRealTimers();
});

function sent(i = 0) {
  const [url, init] = fetchMock.mock.calls[i]!;
  return { url, init: init!, body: JSON.parse(String(init!.body)) as Record<string, unknown>, headers: init!.headers as Record<string, string> };
}

describe('request', () => {
  it('POSTs JSON to /v1/operator/<path> with the token in the body and the language header', async () => {
    token = 'tok-1';
    fetchMock.mockResolvedValue(json({ error_code: '0', error_msg: '', data: { list: [], total: 0 } }));
    const data = await call(user.userList, { page: 2, page_size: 20 });
    expect(data).toEqual({ list: [], total: 0 });
    const { url, init, body, headers } = sent();
    expect(url).toBe('/v1/operator/user/list');
    expect(init.method).toBe('POST');
    expect(body).toEqual({ page: 2, page_size: 20, token: 'tok-1' });
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Accept-Language']).toBe('en');
    expect(headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('sends no token field without a session', async () => {
    fetchMock.mockResolvedValue(json({ error_code: '0', error_msg: '', data: null }));
    await request('logout');
    expect(sent().body).toEqual({});
  });

  it('copies the XSRF-TOKEN cookie into the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    fetchMock.mockResolvedValue(json({ error_code: '0', error_msg: '', data: null }));
    await request('logout');
    expect(sent().headers['X-XSRF-TOKEN']).toBe('abc=123');
  });

  it('rejects a business error with its message as a toast', async () => {
    fetchMock.mockResolvedValue(json({ error_code: 'A0210', error_msg: 'Wrong account or password', data: null }));
    const err = await request('login', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'A0210', message: 'Wrong account or password' });
    expect(toast.error).toHaveBeenCalledWith({ content: 'Wrong account or password', duration: 3 });
  });

  it('falls back to "系统出错" when the error has no message', async () => {
    fetchMock.mockResolvedValue(json({ error_code: 'B0001', error_msg: '', data: null }));
    await expect(request('x')).rejects.toMatchObject({ code: 'B0001', message: '系统出错' });
    expect(toast.error).toHaveBeenCalledWith({ content: '系统出错', duration: 3 });
  });

  it('treats anything but error_code "0" as failure, even a numeric 0', async () => {
    fetchMock.mockResolvedValue(json({ error_code: 0, error_msg: '', data: 1 }));
    await expect(request('x')).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).toHaveBeenCalledWith({ content: '系统出错', duration: 3 });
  });

  it('shows the session-expired notice once for HTTP 401 A0230 and ends the session', async () => {
    fetchMock.mockImplementation(async () => json({ code: 'A0230', msg: 'token invalid' }, 401));
    const results = await Promise.allSettled([request('a'), request('b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(notice.info).toHaveBeenCalledTimes(1);
    expect(notice.info).toHaveBeenCalledWith({ title: '提示', description: '您的会话已过期，请重新登录', placement: 'topRight', duration: 4.5 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('tells about the expiry of a later session too, such as one another tab logged in', async () => {
    fetchMock.mockImplementation(async () => json({ code: 'A0230', msg: 'token invalid' }, 401));
    token = 'tok-a';
    await expect(request('a')).rejects.toMatchObject({ code: 'A0230' });
    expect(notice.info).toHaveBeenCalledTimes(1);
    // The user logged in again elsewhere: this tab follows the new token (the storage event) and
    // has not logged in itself, yet that session's expiry is news as well.
    token = 'tok-b';
    await expect(request('b')).rejects.toMatchObject({ code: 'A0230' });
    expect(notice.info).toHaveBeenCalledTimes(2);
    expect(expired).toHaveBeenCalledTimes(2);
  });

  it('leaves the current session alone when a call of an earlier one comes back expired', async () => {
    let answer!: (res: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    token = 'tok-old';
    const pending = request('slow');
    // Meanwhile another tab logged out and in again: this tab holds the new session.
    token = 'tok-new';
    answer(json({ code: 'A0230', msg: 'token invalid' }, 401));
    await expect(pending).rejects.toMatchObject({ code: 'A0230' });
    expect(notice.info).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });

  it('shows msg for another HTTP error code, or the fallback', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 'A0429', msg: 'Too many requests' }, 429));
    await expect(request('x')).rejects.toMatchObject({ code: 'A0429', status: 429 });
    expect(toast.error).toHaveBeenLastCalledWith({ content: 'Too many requests', duration: 3 });

    fetchMock.mockResolvedValueOnce(json({ code: 'B0001', msg: '' }, 500));
    await expect(request('x')).rejects.toMatchObject({ code: 'B0001' });
    expect(toast.error).toHaveBeenLastCalledWith({ content: '系统出错', duration: 3 });
    expect(expired).not.toHaveBeenCalled();
  });

  it('shows the error message for an HTTP error without a body', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    await expect(request('x')).rejects.toMatchObject({ code: 'HTTP', status: 502 });
    expect(toast.error).toHaveBeenCalledWith({ content: '请求失败（HTTP 502）', duration: 3 });
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('x')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('gives up after 50000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toast.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', message: '请求超时，请稍后重试' });
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('hands back blobs without the envelope check', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    const blob = await request<Blob>('agent/report/agent/summary/export', {}, { responseType: 'blob' });
    expect(blob.size).toBe(4);
    const buf = await (async () => {
      fetchMock.mockResolvedValue(new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'application/octet-stream' } }));
      return request<ArrayBuffer>('x', {}, { responseType: 'arraybuffer' });
    })();
    expect(buf.byteLength).toBe(2);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('still rejects a binary call that answers with an error envelope', async () => {
    fetchMock.mockResolvedValue(json({ error_code: 'A0301', error_msg: 'No permission', data: null }));
    await expect(request('x', {}, { responseType: 'blob' })).rejects.toMatchObject({ code: 'A0301' });
  });

  it('stays quiet when asked, for codes the caller shows itself', async () => {
    fetchMock.mockResolvedValue(json({ error_code: 'A0240', error_msg: 'Wrong code', data: null }));
    await expect(request('login', {}, { quietCodes: ['A0240'] })).rejects.toMatchObject({ code: 'A0240' });
    fetchMock.mockResolvedValue(json({ error_code: 'A0301', error_msg: 'No permission', data: null }));
    await expect(request('x', {}, { silent: true })).rejects.toMatchObject({ code: 'A0301' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('ends the session on HTTP 401 A0230 of a silent call too (a trend chart), with no toast', async () => {
    token = 'tok-1';
    fetchMock.mockImplementation(async () => json({ code: 'A0230', msg: 'token invalid' }, 401));
    await expect(request('report/daily', {}, { silent: true })).rejects.toMatchObject({ code: 'A0230' });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(notice.info).toHaveBeenCalledWith({ title: '提示', description: '您的会话已过期，请重新登录', placement: 'topRight', duration: 4.5 });
    expect(toast.error).not.toHaveBeenCalled();
    // The next ordinary call of that session adds nothing: the user was told once.
    await expect(request('user/list')).rejects.toMatchObject({ code: 'A0230' });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(notice.info).toHaveBeenCalledTimes(1);
  });

  it('leaves an expiry to a caller that ends the session itself (the first load of the user info, the logout)', async () => {
    token = 'tok-1';
    fetchMock.mockResolvedValue(json({ code: 'A0230', msg: '' }, 401));
    await expect(request('user/info', {}, { silent: true, ownsExpiry: true })).rejects.toMatchObject({ code: 'A0230' });
    expect(toast.error).not.toHaveBeenCalled();
    expect(notice.info).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
  });
});

describe('the prefix of the session’s kind', () => {
  const answer = () => fetchMock.mockImplementation(async () => json({ error_code: '0', error_msg: '', data: { list: [], total: 0 } }));

  it('sends every call of an agent session to /v1/agent/<path>, with the same body', async () => {
    answer();
    token = 'tok-agent';
    kind = 'agent';
    await call(user.logout, {});
    await call(user.agentUserInfo, {});
    // Calls sent by their path alone (reports) follow the session too.
    await request('agent/report/agent/daily/summary', { page: 1, page_size: 20 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/v1/agent/logout', '/v1/agent/user/info', '/v1/agent/agent/report/agent/daily/summary']);
    expect(sent(2).body).toEqual({ page: 1, page_size: 20, token: 'tok-agent' });
  });

  it('downloads an agent session’s exports from /v1/agent/ as well', async () => {
    // A refusal (an envelope instead of the file) is enough to see where it was asked.
    fetchMock.mockResolvedValue(json({ error_code: 'A0301', error_msg: 'no', data: null }));
    token = 'tok-agent';
    kind = 'agent';
    await expect(download('agent/report/agent/daily/summary/export', { page: 1 })).rejects.toMatchObject({ code: 'A0301' });
    expect(sent().url).toBe('/v1/agent/agent/report/agent/daily/summary/export');
  });

  it('sends an operator session’s calls to /v1/operator/<path>', async () => {
    answer();
    token = 'tok-op';
    await call(user.logout, {});
    await request('agent/report/agent/daily/summary');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/v1/operator/logout', '/v1/operator/agent/report/agent/daily/summary']);
  });

  it('without a session, logs an agent user in under /v1/agent/ and an operator under /v1/operator/, whatever the last session was', async () => {
    answer();
    // The last session was an agent user's; it has ended.
    kind = 'agent';
    await call(user.agentLogin, { agent_code: 'cn01', account: 'a', password: 'P', google_code: '' });
    await call(user.login, { type: 1, account: 'a', password: 'P', google_code: '', phone: '', message_code: '' });
    await call(user.sendcode, { phone: '13900000000' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/v1/agent/login', '/v1/operator/login', '/v1/operator/sendcode']);
  });

  it('ends an agent session that the server no longer holds (HTTP 401 A0230 on /v1/agent/)', async () => {
    fetchMock.mockResolvedValue(json({ code: 'A0230', msg: 'token invalid' }, 401));
    token = 'tok-agent';
    kind = 'agent';
    await expect(request('player/list', { page: 1, page_size: 20 })).rejects.toMatchObject({ code: 'A0230' });
    expect(sent().url).toBe('/v1/agent/player/list');
    expect(expired).toHaveBeenCalledTimes(1);
    expect(notice.info).toHaveBeenCalledTimes(1);
  });
});

describe('helpers', () => {
  it('reads cookies', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%2Fy; b=2')).toBe('x/y');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined();
  });

  it('reads file names from Content-Disposition', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.xlsx"; filename*=UTF-8''%E4%BB%A3%E7%90%86.xlsx`, 'f')).toBe('代理.xlsx');
    expect(fileNameFromDisposition('attachment; filename="report.xlsx"', 'f')).toBe('report.xlsx');
    expect(fileNameFromDisposition(null, 'f.xlsx')).toBe('f.xlsx');
  });
});
