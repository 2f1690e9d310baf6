import type { Kysely } from 'kysely';
import { ErrorCode, formatMoney, report, timezoneOffsetMinutes } from '@console/contract';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { localRangeHh, monthDates, monthIndexOf, monthText } from '../../lib/periods.ts';
import { agentPath, agentSubtree, agentTree, shareRateHistory, type ShareRateEntry } from '../agent/public.ts';
import { agentMonthWinLoss, currencyCodes, unknownFilterIds, type AgentMonthRaw, type ResolvedFilter } from './repository/index.ts';

/**
 * The agents' settlement ("占成", docs/product.md, "Agent settlement"). With share rates r(a) in
 * basis points, a bet under agent L whose ancestors are T … L gives L r(L)/10000 of its platform
 * win/loss, each ancestor A (r(A) − r(child of A on the path))/10000, and the platform
 * (10000 − r(T))/10000. Per agent, local month and currency:
 *
 *   platform_win_loss  S(a): the platform win/loss of a's whole sub-tree;
 *   share_rate         r(a) of the month: the rate in force when the month began (the history's
 *                      entry of the latest month at or before it; none: 0);
 *   own_take           a's part of its sub-tree's bets, exactly (r(a)·S(a) − Σ r(c)·S(c) over its
 *                      direct sub-agents c) / 10000;
 *   upline_take        what goes above it, to its ancestors and the platform: S(a)·(10000 − r(a)) / 10000;
 *
 * each rounded half away from zero to 1/10000. The platform's part is what the agents' takes leave
 * of the platform win/loss, so it absorbs the rounding and the takes add up exactly. Worked out in
 * BigInt from each agent's own monthly platform win/loss (the per-agent aggregate); never floats.
 */

type ReportDef = report.ReportDef;
type Row = Record<string, unknown>;
export type SettlementRequest = report.MonthReportExportRequest & Partial<Pick<report.MonthReportListRequest, 'page' | 'page_size'>>;

const BP = 10_000n;

/** n / d rounded half away from zero (d > 0). */
export function divRoundHalfAway(n: bigint, d: bigint): bigint {
  const a = n < 0n ? -n : n;
  const q = a / d + ((a % d) * 2n >= d ? 1n : 0n);
  return n < 0n ? -q : q;
}

const invalid = (zh: string, en: string) => new ApiError(ErrorCode.InvalidParameter, { 'zh-cn': zh, en });

export interface TreeAgent {
  id: number;
  code: string;
  parent_id: number | null;
  path: string;
}

/** One row of the settlement before it is formatted. */
export interface SettledRow {
  month: number;
  agent_id: number;
  currency_id: number;
  platform_win_loss: bigint;
  share_rate: number;
  own_take: bigint;
  upline_take: bigint;
}

/** The totals of one currency over the rows: the bets of the agents asked for, counted once, and the agents' takes. */
export interface SettledTotal {
  currency_id: number;
  platform_win_loss: bigint;
  own_take: bigint;
}

/** The rate of each agent in each month, from its history (entries oldest first per agent). */
export function rateBook(history: readonly ShareRateEntry[]) {
  const byAgent = new Map<number, Array<{ from: number; rate: number }>>();
  for (const h of history) {
    let list = byAgent.get(h.agent_id);
    if (!list) byAgent.set(h.agent_id, (list = []));
    list.push({ from: monthIndexOf(h.from_month), rate: h.share_rate });
  }
  for (const list of byAgent.values()) list.sort((a, b) => a.from - b.from);
  return (agentId: number, month: number): number => {
    let rate = 0;
    for (const e of byAgent.get(agentId) ?? []) {
      if (e.from > month) break;
      rate = e.rate;
    }
    return rate;
  };
}

/**
 * The settlement of the agents of `tree` (a whole tree or one agent's sub-tree, each agent before
 * its sub-tree) from their own monthly platform win/loss: a row per agent, month and currency in
 * which its sub-tree has bets, and per currency the totals.
 */
export function settle(tree: readonly TreeAgent[], history: readonly ShareRateEntry[], raws: readonly AgentMonthRaw[]): { rows: SettledRow[]; totals: SettledTotal[] } {
  const known = new Set(tree.map((a) => a.id));
  const parentOf = new Map(tree.map((a) => [a.id, a.parent_id !== null && known.has(a.parent_id) ? a.parent_id : null]));
  // Each agent and the agents above it that are asked for, nearest first.
  const chainOf = new Map<number, number[]>();
  for (const a of tree) chainOf.set(a.id, [a.id, ...(chainOf.get(parentOf.get(a.id) ?? -1) ?? [])]);
  const rateOf = rateBook(history);

  const groups = new Map<string, { month: number; currency_id: number; own: AgentMonthRaw[] }>();
  for (const r of raws) {
    if (!known.has(r.agent_id)) continue;
    const key = `${r.month}|${r.currency_id}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { month: r.month, currency_id: r.currency_id, own: [] }));
    g.own.push(r);
  }

  const rows: SettledRow[] = [];
  const totals = new Map<number, SettledTotal>();
  for (const g of groups.values()) {
    // S(a) and the bets of each sub-tree: each agent's own figures added to it and every agent above it.
    const sub = new Map<number, { s: bigint; bets: number }>();
    for (const r of g.own) {
      for (const id of chainOf.get(r.agent_id)!) {
        const x = sub.get(id) ?? { s: 0n, bets: 0 };
        x.s += r.platform_win_loss;
        x.bets += r.bet_count;
        sub.set(id, x);
      }
    }
    // own_take × 10000, exactly: r(a)·S(a), less r(c)·S(c) of each direct sub-agent c.
    const own = new Map<number, bigint>();
    for (const [id, { s }] of sub) {
      const part = BigInt(rateOf(id, g.month)) * s;
      own.set(id, (own.get(id) ?? 0n) + part);
      const parent = parentOf.get(id);
      if (parent !== null && parent !== undefined) own.set(parent, (own.get(parent) ?? 0n) - part);
    }
    const total = totals.get(g.currency_id) ?? { currency_id: g.currency_id, platform_win_loss: 0n, own_take: 0n };
    totals.set(g.currency_id, total);
    for (const [id, { s, bets }] of sub) {
      if (bets === 0) continue;
      const rate = rateOf(id, g.month);
      const row: SettledRow = {
        month: g.month,
        agent_id: id,
        currency_id: g.currency_id,
        platform_win_loss: s,
        share_rate: rate,
        own_take: divRoundHalfAway(own.get(id)!, BP),
        upline_take: divRoundHalfAway(s * (BP - BigInt(rate)), BP),
      };
      rows.push(row);
      total.own_take += row.own_take;
      // The agents asked for at the top of the tree hold every bet once.
      if (parentOf.get(id) === null) total.platform_win_loss += s;
    }
  }
  return { rows, totals: [...totals.values()] };
}

interface Resolved {
  f: ResolvedFilter;
  lastMonth: number;
  /** The tree path of the agent asked for (its sub-tree), undefined for every agent. */
  under: string | undefined;
}

/** Checks the months, the sort field, the agent and the currency, and makes the filter of the aggregate read. */
async function resolveSettlement(db: Kysely<DB>, dialect: Dialect, d: ReportDef, input: SettlementRequest): Promise<Resolved> {
  const first = monthIndexOf(input.start_month);
  const last = monthIndexOf(input.end_month);
  if (last < first) throw invalid('结束月份不能早于开始月份', 'end_month must not be before start_month');
  const months = last - first + 1;
  if (months > d.maxMonths) {
    throw invalid(`该报表的月份范围最多 ${d.maxMonths} 个月`, `the month range of this report may span at most ${d.maxMonths} months (got ${months})`);
  }
  if (input.sort_field !== undefined && input.sort_field !== '') {
    const fields = report.reportSortFields(d);
    if (!fields.includes(input.sort_field)) throw invalid(`sort_field 必须是以下之一：${fields.join('、')}`, `sort_field must be one of ${fields.join(', ')}`);
  }
  let under: string | undefined;
  let agentIds: number[] | null = null;
  if (input.agent_id > 0) {
    under = await agentPath(db, input.agent_id);
    agentIds = under === undefined ? null : await agentSubtree(db, input.agent_id);
    if (!under || !agentIds) throw invalid(`agent_id：代理 ${input.agent_id} 不存在`, `agent_id: there is no agent ${input.agent_id}`);
  }
  if ((await unknownFilterIds(db, { game_id: 0, platform_id: 0, currency_id: input.currency_id })).length) {
    throw invalid(`currency_id：币种 ${input.currency_id} 不存在`, `currency_id: there is no currency ${input.currency_id}`);
  }
  const offsetMinutes = timezoneOffsetMinutes(input.time_zone_id);
  const { from, to } = localRangeHh(monthDates(first)[0], monthDates(last)[1], offsetMinutes);
  return {
    f: { dialect, from, to, offsetMinutes, currencyId: input.currency_id > 0 ? input.currency_id : null, agentIds, gameId: null, platformId: null, playerIds: null, playerSlices: null },
    lastMonth: last,
    under,
  };
}

type SortValue = number | string | bigint;

/** Every row of the settlement, sorted as asked (newest month first, then the tree's order, by default), and the totals. */
export async function settlementRows(db: Kysely<DB>, dialect: Dialect, d: ReportDef, input: SettlementRequest): Promise<{ rows: Row[]; summary: Row[] }> {
  const { f, lastMonth, under } = await resolveSettlement(db, dialect, d, input);
  const [raws, tree, history] = await Promise.all([agentMonthWinLoss(db, d, f), agentTree(db, under), shareRateHistory(db, monthText(lastMonth), under)]);
  const { rows, totals } = settle(tree, history, raws);
  const codes = await currencyCodes(db, [...new Set(rows.map((r) => r.currency_id))]);
  const place = new Map(tree.map((a, i) => [a.id, i]));
  const agentCode = new Map(tree.map((a) => [a.id, a.code]));

  const valueOf = (r: SettledRow, field: string): SortValue => {
    if (field === 'agent_code') return agentCode.get(r.agent_id) ?? '';
    if (field === 'currency_code') return codes.get(r.currency_id) ?? '';
    return r[field as keyof SettledRow];
  };
  const cmp = (a: SortValue, b: SortValue) => (a < b ? -1 : a > b ? 1 : 0);
  // Ties broken by the row's key (newest month, the tree's order, currency), so pages never overlap.
  const byKey = (a: SettledRow, b: SettledRow) => b.month - a.month || place.get(a.agent_id)! - place.get(b.agent_id)! || a.currency_id - b.currency_id;
  const field = input.sort_field || null;
  const dir = input.sort_order === 'ascend' ? 1 : -1;
  rows.sort((a, b) => (field ? dir * cmp(valueOf(a, field), valueOf(b, field)) : 0) || byKey(a, b));

  const columns = report.reportFields(d);
  const pick = (all: Row) => Object.fromEntries(columns.map((c) => [c, all[c]]));
  return {
    rows: rows.map((r) =>
      pick({
        month: monthText(r.month),
        agent_id: r.agent_id,
        agent_code: agentCode.get(r.agent_id) ?? '',
        currency_id: r.currency_id,
        currency_code: codes.get(r.currency_id) ?? '',
        platform_win_loss: formatMoney(r.platform_win_loss),
        share_rate: r.share_rate,
        own_take: formatMoney(r.own_take),
        upline_take: formatMoney(r.upline_take),
      }),
    ),
    summary: totals
      .map((t) => ({
        currency_id: t.currency_id,
        currency_code: codes.get(t.currency_id) ?? '',
        platform_win_loss: formatMoney(t.platform_win_loss),
        own_take: formatMoney(t.own_take),
        // What goes above the agents asked for: for every agent, the platform's part, which takes the rounding.
        upline_take: formatMoney(t.platform_win_loss - t.own_take),
      }))
      .sort((a, b) => cmp(a.currency_code, b.currency_code)),
  };
}

/** One page of the settlement with its total and per-currency totals. */
export async function runSettlement(db: Kysely<DB>, dialect: Dialect, d: ReportDef, input: report.MonthReportListRequest) {
  const { rows, summary } = await settlementRows(db, dialect, d, input);
  const offset = (input.page - 1) * input.page_size;
  return { list: rows.slice(offset, offset + input.page_size), total: rows.length, summary };
}
