/**
 * npm run migrate — apply every pending migration to DATABASE_URL (the server's default SQLite
 * file otherwise) and say which ran. The server also migrates on start; this is for deployments
 * that migrate as a separate step before starting new instances.
 */
import { loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations/index.ts';

async function main() {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database);
    console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'the database is up to date');
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
