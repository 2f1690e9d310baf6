import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationStep } from './helpers.ts';

/**
 * What several servers on one database share instead of keeping it each on its own disk or in its
 * own memory (docs/adr/0016-stateless-servers.md):
 *
 * - `server_setting`: named values every server reads, such as the check value of the
 *   key-encryption key (`kek_check`), so a server started with another key refuses to start.
 * - `export_part`: the bytes of each finished export, in parts of at most 1 MiB in part order, so
 *   any server can answer a download; they go with the export's expiry.
 * - `export_slot`: one row per export being written now, on any server, with the time its server
 *   last said it is still writing (`heartbeat_at`), so the export caps count every server and a
 *   stopped server's slots lapse.
 */
export const m0021SharedServerState: MigrationStep = {
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await db.schema
      .createTable('server_setting')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('export_part')
      .addColumn('export_id', 'bigint', (c) => c.notNull())
      .addColumn('part', 'integer', (c) => c.notNull())
      .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('export_part_pk', ['export_id', 'part'])
      .execute();
    await db.schema
      .createTable('export_slot')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(64)', (c) => c.notNull())
      .addColumn('heartbeat_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
};
