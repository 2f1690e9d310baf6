import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from '../database.ts';
import type { MigrationStep } from './helpers.ts';
import { m0001Auth } from './0001-auth.ts';
import { m0002Domain } from './0002-domain.ts';
import { m0003Aggregates } from './0003-aggregates.ts';
import { m0004AggregateRollups } from './0004-aggregate-rollups.ts';
import { m0005TotpReplay } from './0005-totp-replay.ts';
import { m0006AgentHourNewPlayers } from './0006-agent-hour-new-players.ts';
import { m0007AggregatePlayerIndexes } from './0007-aggregate-player-indexes.ts';
import { m0008PlayerDayIndexes } from './0008-player-day-indexes.ts';
import { m0009LedgerBetKeys } from './0009-ledger-bet-keys.ts';
import { m0010LedgerDayCounts } from './0010-ledger-day-counts.ts';
import { m0011LoginKnownAddress } from './0011-login-known-address.ts';
import { m0012WalletAdjustmentsControls } from './0012-wallet-adjustments-controls.ts';
import { m0013AdminLevelCodes } from './0013-admin-level-codes.ts';
import { m0014AgentSessions } from './0014-agent-sessions.ts';
import { m0015AgentApi } from './0015-agent-api.ts';
import { m0016ShareRateHistory } from './0016-share-rate-history.ts';
import { m0018LedgerDaySums } from './0018-ledger-day-sums.ts';
import { m0019JackpotPrize } from './0019-jackpot-prize.ts';
import { m0020BetCancel } from './0020-bet-cancel.ts';
import { m0021SharedServerState } from './0021-shared-server-state.ts';
import { m0022PlayerAggregatesByPlayer } from './0022-player-aggregates-by-player.ts';
import { m0023PlayerDayCounts } from './0023-player-day-counts.ts';
import { m0024BigintSum } from './0024-bigint-sum.ts';
import { m0025IngestKeyScope } from './0025-ingest-key-scope.ts';
import { m0026AgentCodeAnyCase } from './0026-agent-code-any-case.ts';

/** Every migration, in order. Names sort lexically; never rename or edit a shipped one. */
const STEPS: Array<[string, MigrationStep]> = [
  ['0001-auth', m0001Auth],
  ['0002-domain', m0002Domain],
  ['0003-aggregates', m0003Aggregates],
  ['0004-aggregate-rollups', m0004AggregateRollups],
  ['0005-totp-replay', m0005TotpReplay],
  ['0006-agent-hour-new-players', m0006AgentHourNewPlayers],
  ['0007-aggregate-player-indexes', m0007AggregatePlayerIndexes],
  ['0008-player-day-indexes', m0008PlayerDayIndexes],
  ['0009-ledger-bet-keys', m0009LedgerBetKeys],
  ['0010-ledger-day-counts', m0010LedgerDayCounts],
  ['0011-login-known-address', m0011LoginKnownAddress],
  ['0012-wallet-adjustments-controls', m0012WalletAdjustmentsControls],
  ['0013-admin-level-codes', m0013AdminLevelCodes],
  ['0014-agent-sessions', m0014AgentSessions],
  ['0015-agent-api', m0015AgentApi],
  ['0016-share-rate-history', m0016ShareRateHistory],
  ['0018-ledger-day-sums', m0018LedgerDaySums],
  ['0019-jackpot-prize', m0019JackpotPrize],
  ['0020-bet-cancel', m0020BetCancel],
  ['0021-shared-server-state', m0021SharedServerState],
  ['0022-player-aggregates-by-player', m0022PlayerAggregatesByPlayer],
  ['0023-player-day-counts', m0023PlayerDayCounts],
  ['0024-bigint-sum', m0024BigintSum],
  ['0025-ingest-key-scope', m0025IngestKeyScope],
  ['0026-agent-code-any-case', m0026AgentCodeAnyCase],
];

class StepProvider implements MigrationProvider {
  constructor(private readonly database: Database) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, step] of STEPS) {
      out[name] = { up: (db: Kysely<unknown>) => step.up(db, this.database.dialect) };
    }
    return out;
  }
}

/** Applies every migration not yet applied, or only those up to and including `upTo`. */
export async function migrateToLatest(database: Database, upTo?: string): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: new StepProvider(database) });
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
