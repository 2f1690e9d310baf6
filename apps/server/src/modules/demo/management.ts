import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { toNumber } from '../../db/sql.ts';
import { adjustWallet } from '../wallet/public.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import type { Rng } from './random.ts';
import { type CurrencyDef, roundTo, STAKE_STEPS } from './dimensions.ts';

/** What operators do on the demo platform: point controls on the busiest players and manual wallet adjustments. */

/** A demo player and what the generator keeps of them. */
export interface Player {
  agent: string;
  account: string;
  currency: CurrencyDef;
  /** How often this player plays (relative). */
  activity: number;
  /** Stake level: index into STAKE_STEPS around which the player bets. */
  level: number;
  balance: bigint;
  registeredDay: number;
  favourite: number;
}

/** The demo players' ids, by account (accounts are unique across the demo's agents). */
async function demoPlayerIds(db: Kysely<DB>, accounts: string[]): Promise<Map<string, { id: number; currency_id: number }>> {
  if (accounts.length === 0) return new Map();
  const rows = await db.selectFrom('player').select(['id', 'account', 'currency_id']).where('account', 'in', accounts).execute();
  return new Map(rows.map((r) => [r.account, { id: toNumber(r.id), currency_id: toNumber(r.currency_id) }]));
}

/**
 * Point controls on the most active players, set at the start of the middle day of the period:
 * the ingest then keeps their progress as the following days' bets arrive. Small "lose" targets
 * complete within the period (players lose a little on average), larger ones stay active, and one
 * is cancelled a week later (cancelDemoControl).
 */
export async function setDemoControls(db: Kysely<DB>, players: readonly Player[], at: number) {
  const busiest = [...players].sort((a, b) => b.activity - a.activity || (a.account < b.account ? -1 : 1)).slice(0, 40);
  const ids = await demoPlayerIds(db, busiest.map((p) => p.account));
  const chosen = busiest.filter((p) => ids.has(p.account)).slice(0, 8);
  const when = new Date(at).toISOString();
  for (const [i, p] of chosen.entries()) {
    const lose = i % 2 === 0;
    // Targets in stakes of the player's own size: a "lose" of 5 stakes completes within days (players
    // lose a little on average), 100–400 stakes stay active with some progress.
    const stake = (p.currency.unit * BigInt(Math.round(STAKE_STEPS[p.level]! * 10_000))) / 10_000n;
    const target = roundTo(stake * (lose ? (i < 4 ? 5n : 400n) : i < 4 ? 300n : 100n), p.currency.round);
    await db
      .insertInto('point_control')
      .values({
        player_id: ids.get(p.account)!.id, game_id: null, direction: lose ? 'lose' : 'win', target_amount: target, intensity: 50 + 25 * (i % 4),
        achieved_amount: 0n, status: 'active', created_by: null, created_by_account: 'admin', cancelled_by: null, cancelled_by_account: null,
        cancelled_at: null, remark: lose ? '风控 / Risk control' : 'VIP 留存 / VIP retention', created_at: when, updated_at: when, finished_at: null,
      })
      .execute();
  }
}

/** Cancels the newest active "win" control of the demo, as an operator would. */
export async function cancelDemoControl(db: Kysely<DB>, at: number) {
  const row = await db.selectFrom('point_control').select('id').where('status', '=', 'active').where('direction', '=', 'win').orderBy('id', 'desc').executeTakeFirst();
  if (!row) return;
  const when = new Date(at).toISOString();
  await db
    .updateTable('point_control')
    .set({ status: 'cancelled', cancelled_by: null, cancelled_by_account: 'admin', cancelled_at: when, finished_at: when, updated_at: when })
    .where('id', '=', row.id)
    .execute();
}

/**
 * A few manual wallet adjustments by the demo administrator, through the wallet service like the
 * console's player/wallet/adjust: credits (compensations, bonuses) and debits of part of a balance,
 * each a ledger entry with its operator and remark.
 */
export async function demoAdjustments(database: Database, players: readonly Player[], rng: Rng, now: string) {
  const picked = players.filter((_, i) => i % 97 === 5).slice(0, 12);
  const ids = await demoPlayerIds(database.db, picked.map((p) => p.account));
  const admin = await database.db.selectFrom('operator_user').select(['id', 'account']).where('account', '=', 'admin').executeTakeFirst();
  const operator = { id: admin ? toNumber(admin.id) : null, account: admin?.account ?? 'admin' };
  // Remarks as an operator of the demo's Chinese-first platform would write them, with their English.
  const remarks = [
    ['credit', '掉线补偿 / Compensation for a disconnected round'],
    ['credit', 'VIP 生日礼金 / VIP birthday bonus'],
    ['debit', '重复派彩冲回 / Duplicate payout reversed'],
    ['credit', '活动奖励 / Promotion reward'],
  ] as const;
  for (const [i, p] of picked.entries()) {
    const id = ids.get(p.account);
    if (!id) continue;
    const [direction, remark] = remarks[i % remarks.length]!;
    const amount = roundTo(p.currency.unit * BigInt(rng.int(5, 200)), p.currency.round);
    // A debit larger than the balance is refused by the service and simply not made.
    await writeTransaction(database, (db) =>
      adjustWallet(
        db,
        database.dialect,
        { player_id: id.id, owner: async () => toNumber((await db.selectFrom('player').select('agent_id').where('id', '=', id.id).executeTakeFirstOrThrow()).agent_id), currency_id: id.currency_id, direction, amount, remark, request_id: `demo-adjust-${String(i + 1).padStart(4, '0')}`, operator },
        now,
      ),
    );
  }
}

