import { formatMoney } from '@console/contract';
import { BET_AMOUNT_FIELDS, type StoredBet } from './repository.ts';

/**
 * A record sent again under an id already taken (a stored bet_id or order id, or one earlier in
 * the same batch) is a duplicate only when it says the same thing: the same values in every
 * field that is stored. Anything else is a conflict (a game server resending a bet with another
 * payout, say) and refuses the batch. Values are compared as stored: codes by the id they name,
 * amounts as exact 1/10000 counts ("1.5" = "1.5000"), times as epoch milliseconds (the same
 * instant in another offset is the same time).
 */

type Value = string | number | bigint | null;
type Shown = 'text' | 'code' | 'money' | 'time';

/** The stored fields of a record kind, in the order of the wire record's fields. */
type Fields = ReadonlyArray<readonly [wire: string, shown: Shown]>;

const BET_FIELDS: Fields = [
  ['round_id', 'text'], ['agent_code', 'code'], ['player_account', 'text'], ['game_code', 'code'], ['currency_code', 'code'],
  ...BET_AMOUNT_FIELDS.map((a) => [a, 'money'] as const),
  ['bet_time', 'time'], ['settle_time', 'time'], ['device', 'text'],
];

const TRANSFER_FIELDS: Fields = [
  ['agent_code', 'code'], ['player_account', 'text'], ['currency_code', 'code'], ['direction', 'text'], ['amount', 'money'], ['time', 'time'],
];

/** A bet as stored, whether read back or about to be written: codes resolved to ids. */
export type BetFacts = Omit<StoredBet, 'bet_id'>;

/** A transfer as stored: `amount` is the money moved (> 0), `direction` which way. */
export interface TransferFacts {
  agent_id: number;
  player_account: string | null;
  currency_id: number;
  direction: 'in' | 'out';
  amount: bigint;
  time: number;
}

const betValues = (b: BetFacts): Value[] => [
  b.round_id, b.agent_id, b.player_account, b.game_id, b.currency_id,
  ...BET_AMOUNT_FIELDS.map((a) => b[a]),
  b.bet_time, b.settle_time, b.device,
];

const transferValues = (t: TransferFacts): Value[] => [t.agent_id, t.player_account, t.currency_id, t.direction, t.amount, t.time];

/** Where a record sent again differs from the one its id names. */
export interface Conflict {
  field: string;
  /** The field's value in the record the id names first, and in this one, as sent; null for a code (stored as an id). */
  first: string | null;
  again: string | null;
}

function show(shown: Shown, v: Value): string | null {
  if (v === null) return 'none';
  switch (shown) {
    case 'code':
      return null;
    case 'money':
      return formatMoney(v as bigint);
    case 'time':
      return new Date(v as number).toISOString();
    default:
      return JSON.stringify(v);
  }
}

function firstDifference(fields: Fields, first: Value[], again: Value[]): Conflict | null {
  for (let i = 0; i < fields.length; i++) {
    if (first[i] === again[i]) continue;
    const [field, shown] = fields[i]!;
    return { field, first: show(shown, first[i]!), again: show(shown, again[i]!) };
  }
  return null;
}

/** A cancellation as stored with its bet: the reason and the cancel's time (epoch ms). */
export interface CancelFacts {
  reason: string;
  time: number;
}

const CANCEL_FIELDS: Fields = [['reason', 'text'], ['time', 'time']];

export const cancelConflict = (first: CancelFacts, again: CancelFacts) => firstDifference(CANCEL_FIELDS, [first.reason, first.time], [again.reason, again.time]);

export const betConflict = (first: BetFacts, again: BetFacts) => firstDifference(BET_FIELDS, betValues(first), betValues(again));
export const transferConflict = (first: TransferFacts, again: TransferFacts) =>
  firstDifference(TRANSFER_FIELDS, transferValues(first), transferValues(again));

/**
 * The reason given back, naming the record the id names first: the one stored (`earlier` null) or
 * record `earlier` of the same batch.
 */
export function conflictReason(c: Conflict, noun: string, idField: string, earlier: number | null): string {
  const shown = c.first !== null && c.again !== null;
  if (earlier === null) {
    return `differs from the ${noun} stored under this ${idField}${shown ? ` (stored ${c.first}, sent ${c.again})` : ''}: a ${idField} sent again must repeat its ${noun} exactly`;
  }
  return `differs from record ${earlier} of this batch, which has the same ${idField}${shown ? ` (${c.first} there, ${c.again} here)` : ''}: a ${idField} names one ${noun}`;
}
