import { z } from 'zod';
import { safeText } from '../common/safe-text.ts';

/**
 * The ingest calls (docs/product.md, "Ingest"): the game platform's servers push wallet transfers and settled
 * bets to `POST /v1/ingest/transfers` and `POST /v1/ingest/bets` with
 * `Authorization: Bearer <app_id>:<secret>` of an ingest key. These are not operator calls: no
 * session, no permission code, so they are not `defineCall`s; the schemas live here so game
 * servers, tests and the server agree on them.
 */
export const INGEST_PATHS = { bets: '/v1/ingest/bets', transfers: '/v1/ingest/transfers', cancels: '/v1/ingest/bets/cancel' } as const;
export const INGEST_MAX_BATCH = 5000;

export const DEVICES = ['web', 'h5', 'ios', 'android', 'pc'] as const;
export type Device = (typeof DEVICES)[number];

/**
 * An ingest amount: a non-negative decimal string, at most 4 decimals and at most 12 digits
 * before the point, so that even sums of many stay far inside a signed 64-bit count of 1/10000.
 * Each way of being wrong has its own reason, because the reason goes back to the game server.
 */
export const INGEST_AMOUNT_MAX_DIGITS = 12;
export const ingestAmountSchema = z.string({ error: 'must be a decimal string, e.g. "12.5000"' }).superRefine((s, ctx) => {
  if (/^\d{1,12}(\.\d{1,4})?$/.test(s)) return;
  let message: string;
  if (/^-\s*\d/.test(s.trim())) message = 'must not be negative';
  else if (!/^\d+(\.\d+)?$/.test(s)) message = 'must be a decimal number, e.g. "12.5000"';
  else if (/\.\d{5,}$/.test(s)) message = 'must have at most 4 decimals';
  else message = `must have at most ${INGEST_AMOUNT_MAX_DIGITS} digits before the point`;
  ctx.addIssue({ code: 'custom', message });
});

/**
 * The instants an ingested record may carry: [2000-01-01, 2100-01-01) UTC. A time outside is a
 * game server's mistake (Go's zero time "0001-01-01T00:00:00Z", a unit slip), and would be filed
 * in report periods no one asks for.
 */
export const INGEST_TIME_MIN = '2000-01-01T00:00:00Z';
export const INGEST_TIME_MAX = '2100-01-01T00:00:00Z';
const TIME_MIN_MS = Date.parse(INGEST_TIME_MIN);
const TIME_MAX_MS = Date.parse(INGEST_TIME_MAX);

/** An instant with its zone: "2026-11-21T13:45:00+08:00" or "…Z". A time without a zone is ambiguous. */
export const ingestTimeSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO-8601 time with a zone, e.g. "2026-11-21T13:45:00+08:00"' })
  .refine((s) => {
    const ms = Date.parse(s);
    return ms >= TIME_MIN_MS && ms < TIME_MAX_MS;
  }, { error: 'must lie between 2000-01-01 and 2099-12-31 (UTC)' });

/**
 * An id or code. Stored and compared as given, so it must be text both databases keep exactly
 * (no NUL, no half of a surrogate pair: the stored id would no longer match the one sent) and
 * that shows as it is (no bidirectional controls, invisible direction marks or other invisible
 * characters such as U+200B, which make one account or id look like another): `safeText`, as an
 * identity.
 */
const ref = (max: number) =>
  safeText(
    z
      .string({ error: 'must be a string' })
      .min(1, { error: 'must not be empty' })
      .max(max, { error: `must be at most ${max} characters` }),
    'identity',
    'en',
  );

export const ingestBetSchema = z.object({
  bet_id: ref(64),
  round_id: ref(64),
  agent_code: ref(32),
  player_account: ref(64),
  game_code: ref(32),
  currency_code: ref(16),
  bet_amount: ingestAmountSchema,
  valid_bet_amount: ingestAmountSchema,
  /** Gross return to the player, excluding tax and bonus. */
  payout_amount: ingestAmountSchema,
  /** Rake taken from the player's return. */
  tax_amount: ingestAmountSchema,
  bonus_amount: ingestAmountSchema,
  jackpot_contribution: ingestAmountSchema,
  /**
   * A jackpot prize won on this bet, paid from the bet's agent and game's enabled prize pool into
   * the player's wallet (docs/product.md, "Prize pools"); "0" (the default) for none.
   */
  jackpot_prize: ingestAmountSchema.default('0'),
  bet_time: ingestTimeSchema,
  settle_time: ingestTimeSchema,
  device: z.enum(DEVICES, { error: `must be one of ${DEVICES.join(', ')}` }),
}).refine((b) => Date.parse(b.settle_time) >= Date.parse(b.bet_time), { error: 'must not be before bet_time: a bet settles after it is placed', path: ['settle_time'] });
export type IngestBet = z.input<typeof ingestBetSchema>;

export const TRANSFER_DIRECTIONS = ['in', 'out'] as const;

export const ingestTransferSchema = z.object({
  order_id: ref(64),
  agent_code: ref(32),
  player_account: ref(64),
  currency_code: ref(16),
  /** "in": money moved into the player's game wallet; "out": moved back out of it. */
  direction: z.enum(TRANSFER_DIRECTIONS, { error: 'must be "in" or "out"' }),
  amount: ingestAmountSchema.refine((s) => /[1-9]/.test(s), { error: 'must be greater than 0' }),
  time: ingestTimeSchema,
});
export type IngestTransfer = z.input<typeof ingestTransferSchema>;

/**
 * A cancellation of a settled bet (docs/product.md, "Bet cancellation"): the bet's whole wallet
 * effect is reversed and it leaves every report. `time` is when the game server cancelled it (the
 * ledger entry's time), not before the bet settled; `reason` is kept with the bet and shown in
 * its record.
 */
export const INGEST_CANCEL_REASON_MAX = 200;
export const ingestCancelSchema = z.object({
  bet_id: ref(64),
  reason: safeText(
    z
      .string({ error: 'must be a string' })
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(INGEST_CANCEL_REASON_MAX, { error: `must be at most ${INGEST_CANCEL_REASON_MAX} characters` }),
    'name',
    'en',
  ),
  time: ingestTimeSchema,
});
export type IngestCancel = z.input<typeof ingestCancelSchema>;

export const ingestBetsRequestSchema = z.object({ bets: z.array(z.unknown()) });
export const ingestTransfersRequestSchema = z.object({ transfers: z.array(z.unknown()) });
export const ingestCancelsRequestSchema = z.object({ cancels: z.array(z.unknown()) });

/** `data` of an accepted batch. */
export const ingestResultSchema = z.object({
  /** Records stored by this batch. */
  accepted: z.number().int(),
  /** Records already stored before (same bet_id / order_id), or repeated within the batch: counted, not stored. */
  duplicates: z.number().int(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/**
 * `data` of a rejected batch (error_code A0400): the first bad record's position in the array,
 * the field at fault and why. `index` is null when the batch as a whole is wrong (too many
 * records, not an array).
 */
export const ingestRejectionSchema = z.object({
  index: z.number().int().nullable(),
  field: z.string(),
  reason: z.string(),
});
export type IngestRejection = z.infer<typeof ingestRejectionSchema>;
