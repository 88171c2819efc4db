/**
 * A stand-in API process for crash-recovery.test.ts: opens the given database (an SQLite file or
 * a postgres:// URL) and runs the work-order scheduler (short lease) against the given store
 * until it is killed with SIGKILL.
 * Bundled and started by the test; not part of the server.
 *
 *   node child.mjs <database> <migrations dir> <store url> <app secret> <lease ms>
 */
import { BigCommerceClient } from '@catalog/commerce';
import { openDatabase } from '../../db/index';
import { createLogger } from '../../lib/logger';
import { createSecretBox } from '../../lib/secrets';
import { createExecutor, storeClients } from './executor';
import { createScheduler } from './scheduler';

async function main() {
  const [databaseUrl, migrationsDir, storeUrl, appSecret, leaseMs] = process.argv.slice(2);
  if (!databaseUrl || !migrationsDir || !storeUrl || !appSecret || !leaseMs) {
    throw new Error('usage: child <database> <migrations dir> <store url> <app secret> <lease ms>');
  }
  const db = await openDatabase(databaseUrl, { migrationsDir });
  const logger = createLogger('silent');
  const storeClient = storeClients({
    db,
    secrets: createSecretBox(appSecret),
    commerce: (creds) => new BigCommerceClient({ ...creds, baseUrl: storeUrl, retryBaseMs: 20, retryMaxMs: 100 }),
  });
  const scheduler = createScheduler({
    db,
    executor: createExecutor({ db, storeClient, logger, leaseMs: Number(leaseMs) }),
    logger,
    owner: 'doomed-process',
    pollMs: 50,
  });
  scheduler.start();
  process.stdout.write('ready\n');
  // Runs until killed: the test never lets it stop gracefully.
  setInterval(() => {}, 60_000);
}

main().catch((err) => {
  process.stderr.write(`${String(err?.stack ?? err)}\n`);
  process.exit(1);
});
