import type { Kysely } from 'kysely';
import { ErrorCode, type CallParsed, type platform } from '@console/contract';
import type { DB } from '../../db/schema.ts';
import { apiError } from '../../lib/api-error.ts';
import { changedFields } from '../../lib/changes.ts';
import { nowIso } from '../../lib/time.ts';
import type { CallContext } from '../../plugins/calls.ts';
import { saveDealer } from '../game/public.ts';
import { isUniqueViolation } from '../user/public.ts';
import {
  findGame,
  findPlatform,
  gameCodeTaken,
  insertGame,
  insertPlatform,
  listPlatforms,
  platformCodeTaken,
  updateGame,
  updatePlatform,
} from './repository.ts';

export async function platformList(db: Kysely<DB>) {
  const list = await listPlatforms(db);
  return { list, total: list.length };
}

/**
 * The house defaults a new game starts with (docs/product.md, "The catalogue"): on, RTP 96.50 %,
 * no tax, bets from 0.1 to 10,000 (1/10000 units). The dealer config changes them.
 */
export const NEW_GAME_DEALER = { enabled: 1, rtp_target: 9650, tax_rate: 0, min_bet: 1_000n, max_bet: 100_000_000n } as const;

const platformTaken = (code: string) => apiError(ErrorCode.Duplicate, `游戏厂商代码 ${code} 已存在`, `The provider code ${code} already exists`);
const gameTaken = (code: string) => apiError(ErrorCode.Duplicate, `游戏代码 ${code} 已存在`, `The game code ${code} already exists`);
const noPlatform = () => apiError(ErrorCode.NotFound, '游戏厂商不存在', 'No such game provider');

/** Inserts and maps a unique-key violation (a concurrent add of the same code) to the code's own message. */
async function insertUnique<T>(insert: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await insert();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

export async function platformAdd(input: CallParsed<typeof platform.platformAdd>, ctx: CallContext): Promise<{ id: number }> {
  if (await platformCodeTaken(ctx.db, input.code)) throw platformTaken(input.code);
  const id = await insertUnique(() => insertPlatform(ctx.db, input, nowIso()), () => platformTaken(input.code));
  const created = (await findPlatform(ctx.db, id))!;
  ctx.audit(`platform:${id} ${input.code}`, { platform: created.code, name: created.name, sort: created.sort, status: created.status });
  return { id };
}

export async function platformEdit(input: CallParsed<typeof platform.platformEdit>, ctx: CallContext): Promise<null> {
  const before = await findPlatform(ctx.db, input.id);
  if (!before) throw noPlatform();
  const { id: _id, ...wanted } = input;
  const changes = changedFields(before, wanted);
  if (Object.keys(changes).length) {
    await updatePlatform(ctx.db, before.id, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after])), nowIso());
  }
  ctx.audit(`platform:${before.id} ${before.code}`, changes);
  return null;
}

/** Adds a game with its dealer config at the house defaults (the call's transaction holds both). */
export async function gameAdd(input: CallParsed<typeof platform.gameAdd>, ctx: CallContext): Promise<{ id: number }> {
  if (!(await findPlatform(ctx.db, input.platform_id))) throw noPlatform();
  if (await gameCodeTaken(ctx.db, input.code)) throw gameTaken(input.code);
  const now = nowIso();
  const id = await insertUnique(() => insertGame(ctx.db, input, now), () => gameTaken(input.code));
  await saveDealer(ctx.db, id, NEW_GAME_DEALER, now);
  const created = (await findGame(ctx.db, id))!;
  const { id: _id, code, ...rest } = created;
  ctx.audit(`game:${id} ${code}`, { game: code, ...rest });
  return { id };
}

export async function gameEdit(input: CallParsed<typeof platform.gameEdit>, ctx: CallContext): Promise<null> {
  const before = await findGame(ctx.db, input.id);
  if (!before) throw apiError(ErrorCode.NotFound, '游戏不存在', 'No such game');
  const { id: _id, ...wanted } = input;
  const changes = changedFields(before, wanted);
  if (Object.keys(changes).length) {
    await updateGame(ctx.db, before.id, Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.after])), nowIso());
  }
  ctx.audit(`game:${before.id} ${before.code}`, changes);
  return null;
}
