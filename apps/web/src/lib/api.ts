import { type CallDef, type CallMount, type CallRequest, type CallResponse, ErrorCode, type Envelope, type HttpErrorBody } from '@console/contract';
import { feedback, NOTIFICATION_SECONDS, TOAST_SECONDS } from './feedback';
import { noteReplicaLag } from './replica-lag';
import { apiPrefixFor, type SessionKind } from './session-kind';

/** The client waits at most 50000 ms for an answer (docs/product.md, "Errors in the console"). */
export const REQUEST_TIMEOUT_MS = 50_000;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export type ResponseType = 'json' | 'blob' | 'arraybuffer';

export interface RequestOptions {
  responseType?: ResponseType;
  /**
   * No toast: the caller deals with every failure itself. An expired session (HTTP 401 A0230) still
   * ends, with its notice, as on any call: a silent call (a chart, a start-up list) must not leave
   * a dead session on screen until the next ordinary call.
   */
  silent?: boolean;
  /**
   * The caller ends the session itself when the server no longer holds it: no notice and nothing
   * ended here. For the first load of the user's info (a failure clears the session and shows the
   * login screen without a message) and the logout (which ends the session anyway).
   */
  ownsExpiry?: boolean;
  /** Business codes the caller shows itself (e.g. inline on a form) instead of a toast. */
  quietCodes?: readonly string[];
  signal?: AbortSignal;
}

/** A rejected call: `code` is the envelope's error_code, the HTTP error body's code, or a transport reason. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly data: unknown;
  constructor(code: string, message: string, status?: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

export const TransportError = { Timeout: 'TIMEOUT', Network: 'NETWORK', Http: 'HTTP' } as const;

export interface ApiTexts {
  systemError: string;
  notice: string;
  sessionExpired: string;
  timeout: string;
  network: string;
  http: (status: number) => string;
}

export interface ApiConfig {
  getToken: () => string;
  /** The kind of the session the token belongs to (asked only while there is a token). */
  getSessionKind: () => SessionKind;
  getLanguage: () => string;
  texts: () => ApiTexts;
  /** Clears the session and leaves for the login screen; called once per expiry. */
  onSessionExpired: () => void;
  fetch: typeof fetch;
  timeoutMs: number;
}

const defaultTexts: ApiTexts = {
  systemError: '系统出错',
  notice: '提示',
  sessionExpired: '您的会话已过期，请重新登录',
  timeout: '请求超时，请稍后重试',
  network: '网络连接失败，请检查网络后重试',
  http: (status) => `请求失败（HTTP ${status}）`,
};

const DEFAULT_CONFIG: ApiConfig = {
  getToken: () => '',
  getSessionKind: () => 'operator',
  getLanguage: () => 'zh-cn',
  texts: () => defaultTexts,
  onSessionExpired: () => {},
  fetch: (...args) => globalThis.fetch(...args),
  timeoutMs: REQUEST_TIMEOUT_MS,
};
let config: ApiConfig = DEFAULT_CONFIG;

export function configureApi(partial: Partial<ApiConfig>): void {
  config = { ...config, ...partial };
}

/** Back to the defaults, as on a page's first load (the unit tests start each file so). */
export function resetApiConfig(): void {
  config = DEFAULT_CONFIG;
}

/**
 * The token whose expiry the user has been told about. Several calls can fail with an expired
 * token at once, and the user should see one notice, not five; but the notice belongs to that one
 * session, so any other token (a login in this tab or, through the storage event, in another
 * one) gets its own notice when it expires.
 */
let expiredToken: string | undefined;
/** Forgets which expiry was shown (the unit tests start each case afresh). */
export function resetSessionExpiry(): void {
  expiredToken = undefined;
}

export function readCookie(name: string, cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function toastError(text: string, opts: RequestOptions, code: string) {
  if (opts.silent || opts.quietCodes?.includes(code)) return;
  feedback().message.error({ content: text, duration: TOAST_SECONDS });
}

/** `sentToken`: the token the rejected call carried. */
function sessionExpired(sentToken: string, opts: RequestOptions) {
  if (opts.ownsExpiry || sentToken === expiredToken) return;
  // A call of a session this tab no longer holds (it logged out, or another tab logged in) says
  // nothing about the current one, which must not be ended for it.
  if (sentToken !== config.getToken()) return;
  expiredToken = sentToken;
  const texts = config.texts();
  feedback().notification.info({
    title: texts.notice,
    description: texts.sessionExpired,
    placement: 'topRight',
    duration: NOTIFICATION_SECONDS,
  });
  config.onSessionExpired();
}

function isJson(res: Response) {
  return (res.headers.get('content-type') ?? '').includes('application/json');
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isHttpErrorBody(v: unknown): v is HttpErrorBody {
  return typeof v === 'object' && v !== null && typeof (v as HttpErrorBody).code === 'string';
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as Envelope<unknown>).error_code === 'string';
}

/** The accepted-or-rejected rule of docs/product.md, "Errors in the console", for one parsed envelope. */
function checkEnvelope<T>(body: unknown, status: number, opts: RequestOptions): T {
  const texts = config.texts();
  if (!isEnvelope(body)) {
    toastError(texts.systemError, opts, ErrorCode.SystemError);
    throw new ApiError(ErrorCode.SystemError, texts.systemError, status, body);
  }
  if (body.error_code === ErrorCode.Success) return body.data as T;
  const text = body.error_msg || texts.systemError;
  toastError(text, opts, body.error_code);
  throw new ApiError(body.error_code, text, status, body.data);
}

/**
 * Sends one call and hands the successful HTTP response to `read`, all inside the timeout.
 * Transport failures and HTTP errors are handled here the same way for every kind of call. The
 * call goes under the prefix of the session's kind (apiPrefixFor), `mount` being the contract's
 * when the caller has the definition.
 */
async function send<T>(path: string, body: object | undefined, opts: RequestOptions, read: (res: Response) => Promise<T>, mount?: CallMount): Promise<T> {
  const texts = config.texts();
  const token = config.getToken();
  const prefix = apiPrefixFor(token ? config.getSessionKind() : 'operator', mount);
  const payload: Record<string, unknown> = { ...(body ?? {}) };
  if (token) payload.token = token;

  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': config.getLanguage(),
  };
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  try {
    let res: Response;
    try {
      res = await config.fetch(`${prefix}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      // The caller cancelled (e.g. a query was dropped): not an error worth a toast.
      if (opts.signal?.aborted && !timedOut) throw err;
      const code = timedOut ? TransportError.Timeout : TransportError.Network;
      const text = (timedOut ? texts.timeout : texts.network) || texts.systemError;
      toastError(text, opts, code);
      throw new ApiError(code, text);
    }

    if (!res.ok) {
      const errBody = await readJson(res);
      if (isHttpErrorBody(errBody)) {
        if (errBody.code === ErrorCode.TokenInvalid) {
          sessionExpired(token, opts);
          throw new ApiError(errBody.code, texts.sessionExpired, res.status, errBody);
        }
        const text = errBody.msg || texts.systemError;
        toastError(text, opts, errBody.code);
        throw new ApiError(errBody.code, text, res.status, errBody);
      }
      const text = texts.http(res.status) || texts.systemError;
      toastError(text, opts, TransportError.Http);
      throw new ApiError(TransportError.Http, text, res.status);
    }
    noteReplicaLag(res.headers);
    return await read(res);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * POST `body` (plus the session token) to /v1/operator/<path> (an agent session's to
 * /v1/agent/<path>) and return the envelope's `data`, or the raw Blob/ArrayBuffer for binary
 * calls, which skip the envelope check (docs/product.md, "Errors in the console"). Rejects
 * with an ApiError after showing its toast or notification.
 */
export function request<T = unknown>(path: string, body?: object, opts: RequestOptions = {}, mount?: CallMount): Promise<T> {
  return send(path, body, opts, async (res) => {
    const binary = opts.responseType === 'blob' || opts.responseType === 'arraybuffer';
    // A binary call that failed still answers with a JSON envelope, which must not pass as a file.
    if (binary && !isJson(res)) {
      return (opts.responseType === 'blob' ? await res.blob() : await res.arrayBuffer()) as T;
    }
    return checkEnvelope<T>(await readJson(res), res.status, opts);
  }, mount);
}

/** A contract call with its request and response types, sent where its mount and the session say. */
export function call<C extends CallDef>(def: C, body: CallRequest<C>, opts?: RequestOptions): Promise<CallResponse<C>> {
  return request<CallResponse<C>>(def.path, body as object, opts, def.mount);
}

/** File name from a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** How far a file download has come: bytes received, and the whole size when the server said it. */
export interface DownloadProgress {
  received: number;
  total?: number;
}

export interface DownloadOptions {
  /** Called once the server has answered (the file is ready) and as its bytes arrive. */
  onProgress?: (progress: DownloadProgress) => void;
  /** Business codes the caller shows itself (e.g. "an export is already running"). */
  quietCodes?: readonly string[];
  signal?: AbortSignal;
}

/** Reads a response body to a Blob, reporting the bytes as they arrive. */
async function readBlob(res: Response, onProgress?: (progress: DownloadProgress) => void): Promise<Blob> {
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const report = (received: number) => onProgress?.(total === undefined ? { received } : { received, total });
  report(0);
  if (!onProgress || !res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    report(received);
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
}

/**
 * Calls a binary endpoint (exports) and saves the answer as a file named by the server; resolves
 * with that name. A refusal (an envelope instead of a file) rejects like any call.
 */
export function download(path: string, body?: object, fallbackName = 'export.xlsx', options: DownloadOptions = {}): Promise<string> {
  const opts: RequestOptions = { ...(options.quietCodes ? { quietCodes: options.quietCodes } : {}), ...(options.signal ? { signal: options.signal } : {}) };
  return send(path, body, opts, async (res) => {
    if (isJson(res)) {
      checkEnvelope(await readJson(res), res.status, opts);
      return fallbackName;
    }
    const name = fileNameFromDisposition(res.headers.get('content-disposition'), fallbackName);
    saveBlob(await readBlob(res, options.onProgress), name);
    return name;
  });
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL dies.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Opens the API document (/docs) in a new tab. Where the server keeps it for operators
 * (API_DOCS=operators), the page needs the session: POST /docs/session turns the token into a
 * short-lived cookie for /docs alone (docs/adr/0011-api-docs-for-operators.md). The tab opens at
 * once, in the click, so no popup blocker stops it, and moves to /docs once the cookie is set.
 */
export async function openApiDocs(): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  // A refusal leaves the page to say why (401 with the reason), as it would for anyone else.
  await config
    .fetch('/docs/session', { method: 'POST', headers, body: JSON.stringify({ token: config.getToken() }), credentials: 'same-origin' })
    .catch(() => undefined);
  if (tab) tab.location.href = '/docs';
  else window.open('/docs', '_blank', 'noopener');
}
