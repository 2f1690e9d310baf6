import type { z } from 'zod';
import { parseMoney, ingest as contract } from '@console/contract';
import type { BetAmounts } from '../../db/bet-batch.ts';

type IngestRejection = contract.IngestRejection;

/** A bet record after validation: times in epoch milliseconds. */
export interface ParsedBet extends BetAmounts {
  index: number;
  bet_id: string;
  round_id: string;
  agent_code: string;
  player_account: string;
  game_code: string;
  currency_code: string;
  bet_time: number;
  settle_time: number;
  device: string;
}

export interface ParsedTransfer {
  index: number;
  order_id: string;
  agent_code: string;
  player_account: string;
  currency_code: string;
  direction: 'in' | 'out';
  amount: bigint;
  time: number;
}

/** A cancellation after validation: its time in epoch milliseconds. */
export interface ParsedCancel {
  index: number;
  bet_id: string;
  reason: string;
  time: number;
}

/**
 * A reason a game server's developer can act on, in English (it is data, not UI text). zod does
 * not keep the input in its issues, so "missing" is told apart from "wrong type" by looking at
 * the record itself.
 */
function reasonOf(issue: z.core.$ZodIssue, record: unknown): string {
  if (issue.code === 'invalid_type') {
    const key = issue.path[0];
    const present = record !== null && typeof record === 'object' && key !== undefined && (record as Record<PropertyKey, unknown>)[key] !== undefined;
    if (!present && key !== undefined) return 'is required';
    if (key === undefined) return 'must be an object';
  }
  if (issue.code === 'unrecognized_keys') return `unknown fields ${issue.keys.join(', ')}`;
  return issue.message || 'is not valid';
}

function firstIssue(error: z.ZodError, index: number | null, record: unknown, fallbackField: string): IngestRejection {
  const issue = error.issues[0];
  if (!issue) return { index, field: fallbackField, reason: 'is not valid' };
  const field = issue.path.length ? issue.path.map(String).join('.') : fallbackField;
  return { index, field, reason: reasonOf(issue, record) };
}

/** A failed validation keeps the records before the bad one: an earlier record may be bad in a later stage. */
export type Validated<T> = { ok: true; records: T[] } | { ok: false; rejection: IngestRejection; records: T[] };

function checkBatch(records: unknown, field: 'bets' | 'transfers' | 'cancels'): IngestRejection | null {
  if (!Array.isArray(records)) return { index: null, field, reason: 'must be an array of records' };
  if (records.length > contract.INGEST_MAX_BATCH) {
    return { index: null, field, reason: `must hold at most ${contract.INGEST_MAX_BATCH} records, got ${records.length}` };
  }
  return null;
}

export function validateBets(records: unknown): Validated<ParsedBet> {
  const bad = checkBatch(records, 'bets');
  if (bad) return { ok: false, rejection: bad, records: [] };
  const out: ParsedBet[] = [];
  const list = records as unknown[];
  for (let i = 0; i < list.length; i++) {
    const r = contract.ingestBetSchema.safeParse(list[i]);
    if (!r.success) return { ok: false, rejection: firstIssue(r.error, i, list[i], 'record'), records: out };
    const b = r.data;
    out.push({
      index: i,
      bet_id: b.bet_id,
      round_id: b.round_id,
      agent_code: b.agent_code,
      player_account: b.player_account,
      game_code: b.game_code,
      currency_code: b.currency_code,
      bet_amount: parseMoney(b.bet_amount),
      valid_bet_amount: parseMoney(b.valid_bet_amount),
      payout_amount: parseMoney(b.payout_amount),
      tax_amount: parseMoney(b.tax_amount),
      bonus_amount: parseMoney(b.bonus_amount),
      jackpot_contribution: parseMoney(b.jackpot_contribution),
      jackpot_prize: b.jackpot_prize === '0' ? 0n : parseMoney(b.jackpot_prize),
      bet_time: Date.parse(b.bet_time),
      settle_time: Date.parse(b.settle_time),
      device: b.device,
    });
  }
  return { ok: true, records: out };
}

export function validateTransfers(records: unknown): Validated<ParsedTransfer> {
  const bad = checkBatch(records, 'transfers');
  if (bad) return { ok: false, rejection: bad, records: [] };
  const out: ParsedTransfer[] = [];
  const list = records as unknown[];
  for (let i = 0; i < list.length; i++) {
    const r = contract.ingestTransferSchema.safeParse(list[i]);
    if (!r.success) return { ok: false, rejection: firstIssue(r.error, i, list[i], 'record'), records: out };
    const t = r.data;
    out.push({
      index: i,
      order_id: t.order_id,
      agent_code: t.agent_code,
      player_account: t.player_account,
      currency_code: t.currency_code,
      direction: t.direction,
      amount: parseMoney(t.amount),
      time: Date.parse(t.time),
    });
  }
  return { ok: true, records: out };
}

export function validateCancels(records: unknown): Validated<ParsedCancel> {
  const bad = checkBatch(records, 'cancels');
  if (bad) return { ok: false, rejection: bad, records: [] };
  const out: ParsedCancel[] = [];
  const list = records as unknown[];
  for (let i = 0; i < list.length; i++) {
    const r = contract.ingestCancelSchema.safeParse(list[i]);
    if (!r.success) return { ok: false, rejection: firstIssue(r.error, i, list[i], 'record'), records: out };
    out.push({ index: i, bet_id: r.data.bet_id, reason: r.data.reason, time: Date.parse(r.data.time) });
  }
  return { ok: true, records: out };
}
