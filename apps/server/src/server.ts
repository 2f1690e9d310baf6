import { buildApp } from './app.ts';
import { loadConfig } from './config/index.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { checkKeyEncryptionKey, KeyMismatchError } from './db/key-check.ts';
import { DEMO_ADMIN, demoPasswordUnchanged, seed } from './db/seed/index.ts';
import { seedDemoPlatform } from './modules/demo/public.ts';

/** Starts the whole product: migrate, seed a first start, serve API + console, stop cleanly. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { replicaUrl: config.replicaDatabaseUrl });
  await migrateToLatest(database);
  // Before the seed seals the demo's agent key: the key must be the one every server on this database uses.
  try {
    await checkKeyEncryptionKey(database.db, config);
  } catch (err) {
    await database.destroy();
    if (err instanceof KeyMismatchError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const seedLog = (msg: string) => console.log(`[seed] ${msg}`);
  await seed(database, seedLog);
  await seedDemoPlatform(database, seedLog);

  if (config.production && (await demoPasswordUnchanged(database))) {
    console.error(
      `Refusing to start in production: the operator "${DEMO_ADMIN.account}" still has the demo password. ` +
        'Change it in the console, or start once with ADMIN_PASSWORD set to the password it should have.',
    );
    await database.destroy();
    process.exit(1);
  }

  const app = await buildApp({ database, migrate: false });
  app.addHook('onClose', async () => database.destroy());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const demoLogin = !config.production && (await demoPasswordUnchanged(database));
  const dbLabel = config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : config.databaseUrl.replace(/\/\/[^@]*@/, '//***@');
  console.log(
    [
      '',
      `  Game platform console is running at ${url}`,
      ...(config.apiDocs === 'off' ? [] : [`  API documentation: ${url}/docs${config.apiDocs === 'operators' ? ' (for logged-in operators)' : ''}`]),
      `  Database: ${dbLabel}`,
      ...(demoLogin ? [`  Demo login: ${DEMO_ADMIN.account} / ${DEMO_ADMIN.password} (no authenticator bound; change this password before production)`] : []),
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
