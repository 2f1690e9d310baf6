import { ErrorCode } from '@console/contract';
import type { Database } from '../../db/database.ts';
import { insertOperationLog } from '../user/public.ts';
import type { ApiRefusal } from './service.ts';

/**
 * How refusals of the agent API are limited and logged, per server (docs/security.md, "Agent API").
 * Every count is kept in a window of one minute, which starts with the first refusal after the
 * last window ended.
 */
export const API_REFUSAL_LIMITS = {
  windowMs: 60_000,
  /** Refusals of one address in a window; past them every request from it is answered 429 until the window ends. */
  perAddress: 60,
  /**
   * Refusals naming one app id in a window; past them a request naming it that would be refused is
   * answered 429 instead. A request the key signs, from its agent's whitelist, still passes: an
   * app id is no secret, and refusals made in its name must not shut its agent out.
   */
  perAppId: 120,
  /** Refusals written to the operation log one by one, per address and per app id, in a window. */
  loggedPerKey: 10,
  /** Refusals written one by one in a window, whatever their address and app id. */
  loggedPerServer: 100,
  /** Addresses, and app ids, counted in a window (the memory it takes); those beyond are in the summary only. */
  tracked: 10_000,
  /** Addresses and app ids a summary row names, the most frequent first. */
  summaryTop: 20,
};
export type ApiRefusalLimits = typeof API_REFUSAL_LIMITS;

/** The operation log's action for the summary row of a window's refusals that were not written one by one. */
export const API_REFUSALS_SUMMARY_ACTION = 'api/refusals';

interface Count {
  refused: number;
  logged: number;
}

/** The refusals of a window that were not written one by one, for its summary row. */
interface Unlogged {
  total: number;
  /** Of them, answered 429. */
  limited: number;
  addresses: Map<string, number>;
  appIds: Map<string, number>;
  codes: Map<string, number>;
}

const emptyUnlogged = (): Unlogged => ({ total: 0, limited: 0, addresses: new Map(), appIds: new Map(), codes: new Map() });
const bump = (m: Map<string, number>, key: string, max: number) => {
  const n = m.get(key);
  if (n !== undefined) m.set(key, n + 1);
  else if (m.size < max) m.set(key, 1);
};
const top = (m: Map<string, number>, n: number) => Object.fromEntries([...m].sort((a, b) => b[1] - a[1]).slice(0, n));

/** What a refused request is answered. */
export interface RefusalAnswer {
  status: 401 | 403 | 429;
  code: ErrorCode;
  /** With 429: the seconds until the window ends. */
  retryAfterSeconds?: number;
}

/** The request a refusal is about: its call's path (under /v1/api/) and the client address. */
export interface RefusedRequest {
  path: string;
  ip: string;
}

/**
 * The refusals of the agent API on this server: which are written to the operation log one by one,
 * which are only counted in a window's summary row, and when an address or an app id has been
 * refused so often that it is answered HTTP 429 (A0429).
 *
 * A refusal's row never carries a name the caller wrote where the log keeps an account: its
 * operator account is empty, the app id is data in its summary (and its target, `key:<app id>`,
 * only for a key that exists), the address is the client address (TRUST_PROXY), and its agent code
 * is that of the key's agent when the key exists.
 */
export class RefusalGate {
  private windowEnd = 0;
  private addresses = new Map<string, Count>();
  private appIds = new Map<string, Count>();
  private logged = 0;
  private unlogged = emptyUnlogged();
  private windowStart = 0;
  private timer: NodeJS.Timeout | null = null;
  private writes = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly limits: ApiRefusalLimits = API_REFUSAL_LIMITS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Seconds to wait when the address is past its refusals in this window (the request is then
   * answered 429 before anything else is done), or 0. Counted in the window's summary.
   */
  addressLimited(ip: string): number {
    // A window whose time is up limits nothing; the next refusal (or the timer) writes its summary.
    if (this.now() >= this.windowEnd) return 0;
    const count = this.addresses.get(ip);
    if (!count || count.refused < this.limits.perAddress) return 0;
    this.countUnlogged(ip, null, ErrorCode.RateLimited, true);
    return this.retryAfterSeconds();
  }

  /** Logs or counts a refusal, and answers it: as refused, or 429 when its address or app id is past its limit. */
  async refused(req: RefusedRequest, refusal: ApiRefusal): Promise<RefusalAnswer> {
    // The summary of the window that ended, if any, is written before this refusal is answered.
    const ended = this.roll();
    try {
      return await this.decide(req, refusal);
    } finally {
      await ended;
    }
  }

  private async decide(req: RefusedRequest, refusal: ApiRefusal): Promise<RefusalAnswer> {
    const address = this.counted(this.addresses, req.ip);
    const appId = this.counted(this.appIds, refusal.appId);
    address.refused++;
    appId.refused++;
    if (address.refused > this.limits.perAddress || appId.refused > this.limits.perAppId) {
      this.countUnlogged(req.ip, refusal.appId, ErrorCode.RateLimited, true);
      return { status: 429, code: ErrorCode.RateLimited, retryAfterSeconds: this.retryAfterSeconds() };
    }
    const { loggedPerKey, loggedPerServer } = this.limits;
    if (address.logged < loggedPerKey && appId.logged < loggedPerKey && this.logged < loggedPerServer) {
      address.logged++;
      appId.logged++;
      this.logged++;
      await this.write({
        operatorId: null,
        operatorAccount: '',
        agentCode: refusal.agentCode,
        action: `api/${req.path}`,
        target: refusal.agentCode ? `key:${refusal.appId}` : '',
        summary: { app_id: refusal.appId, refused: refusal.code },
        ip: req.ip,
        resultCode: refusal.code,
        now: new Date(this.now()).toISOString(),
      });
    } else {
      this.countUnlogged(req.ip, refusal.appId, refusal.code, false);
    }
    return { status: refusal.status, code: refusal.code };
  }

  /** Writes the summary of the window so far (if any refusal went unlogged) and starts a new window. */
  async flush(): Promise<void> {
    await this.endWindow();
    await Promise.all([...this.writes]);
  }

  /** At the server's close: the summary so far is written, no timer is left behind. */
  async close(): Promise<void> {
    await this.flush();
  }

  /** The count of an address or app id in this window; a fresh one beyond the tracked number is counted but not kept. */
  private counted(map: Map<string, Count>, key: string): Count {
    let count = map.get(key);
    if (!count) {
      count = { refused: 0, logged: 0 };
      if (map.size < this.limits.tracked) map.set(key, count);
    }
    return count;
  }

  private countUnlogged(ip: string, appId: string | null, code: string, limited: boolean) {
    const u = this.unlogged;
    u.total++;
    if (limited) u.limited++;
    bump(u.addresses, ip, this.limits.tracked);
    if (appId !== null) bump(u.appIds, appId, this.limits.tracked);
    bump(u.codes, code, 100);
    // The summary is written when the window ends, even if nothing is refused after it.
    if (!this.timer) {
      this.timer = setTimeout(() => void this.endWindow(), Math.max(0, this.windowEnd - this.now()));
      this.timer.unref();
    }
  }

  private retryAfterSeconds() {
    return Math.max(1, Math.ceil((this.windowEnd - this.now()) / 1000));
  }

  /** Ends the window when its time is up (writing its summary) and starts the next with this refusal. */
  private roll(): Promise<void> {
    const now = this.now();
    if (now < this.windowEnd) return Promise.resolve();
    const ended = this.endWindow();
    this.windowStart = now;
    this.windowEnd = now + this.limits.windowMs;
    return ended;
  }

  /** Starts afresh; answers the write of the ended window's summary row (at once when it has none). */
  private endWindow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const u = this.unlogged;
    const start = this.windowStart;
    this.unlogged = emptyUnlogged();
    this.addresses = new Map();
    this.appIds = new Map();
    this.logged = 0;
    this.windowEnd = 0;
    if (u.total === 0) return Promise.resolve();
    const n = this.limits.summaryTop;
    const addresses = [...u.addresses.keys()];
    return this.write({
      operatorId: null,
      operatorAccount: '',
      agentCode: '',
      action: API_REFUSALS_SUMMARY_ACTION,
      target: '',
      summary: {
        refusals: u.total,
        answered_429: u.limited,
        from: new Date(start).toISOString(),
        to: new Date(this.now()).toISOString(),
        addresses: top(u.addresses, n),
        app_ids: top(u.appIds, n),
        codes: Object.fromEntries(u.codes),
      },
      // One address: it is the row's; several: each is named with its count in the summary.
      ip: addresses.length === 1 ? addresses[0]! : '',
      resultCode: ErrorCode.RateLimited,
      now: new Date(this.now()).toISOString(),
    });
  }

  /** An operation-log row, written apart from any request's transaction; a failure to write is not the caller's. */
  private write(entry: Parameters<typeof insertOperationLog>[1]): Promise<void> {
    const p = insertOperationLog(this.database.db, entry)
      .catch(() => undefined)
      .finally(() => this.writes.delete(p));
    this.writes.add(p);
    return p;
  }
}
