/**
 * Process entry: read the configuration, open the database (migrations run on open), serve the
 * app, run the work-order and backup schedulers, the store-refresh worker and the prior price publisher, and shut down gracefully on SIGTERM/SIGINT (stop accepting,
 * cancel running syncs, stop running orders at their next batch (their leases released), finish
 * requests in flight, close the database, exit; forced after 10 s). server-shutdown.test.ts.
 */
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createTokenVerifier } from './auth/verify-token';
import { appSecretFile, ConfigError, loadConfig, resolveAppSecret } from './config';
import { openDatabase } from './db/index';
import { createLogger } from './lib/logger';
import { createSmtpMailer } from './lib/mailer';
import { createSecretBox } from './lib/secrets';
import { billingFromConfig } from './services/billing/billing';
import { customTokenMinter, readServiceAccount } from './services/bigcommerce-app/custom-token';
import { startPurging } from './services/bigcommerce-app/purge';
import { commerceFactory, type CommerceFactory } from './services/store-connection';
import { createRefreshWorker } from './services/store-webhooks/refresh-worker';
import { createBackupScheduler } from './services/backups/backup-scheduler';
import { createPriorPricePublisher } from './services/prior-price-metafields/publisher';
import { SyncRegistry } from './services/sync/sync-registry';
import { createExecutor, storeClients } from './services/work-orders/executor';
import { workOrderAlerts } from './services/work-orders/attention';
import { createScheduler } from './services/work-orders/scheduler';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + '\n');
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, { service: 'api' });
  mkdirSync(config.dataDir, { recursive: true });
  const appSecret = resolveAppSecret(config);
  if (appSecret.source === 'generated') logger.warn('APP_SECRET is not set: generated one (kept for later starts)', { file: appSecretFile(config) });
  else if (appSecret.source === 'file') logger.info('APP_SECRET is not set: using the generated one', { file: appSecretFile(config) });

  const db = await openDatabase(config.databaseUrl, {
    migrationsDir: config.migrationsDir,
    poolSize: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  const verifyToken = createTokenVerifier({
    projectId: config.firebase.projectId,
    jwksUrl: config.firebase.jwksUrl,
    emulator: Boolean(config.firebase.emulatorHost),
  });
  if (config.firebase.emulatorHost) {
    // Local mode listens on 127.0.0.1 unless HOST says otherwise (config.ts): nobody else may present such tokens.
    logger.warn('accepting unsigned Firebase Auth emulator tokens (local mode)', { emulator: config.firebase.emulatorHost, host: config.host });
  }
  const syncs = new SyncRegistry(db);
  // Its clients give a work slot back while their store keeps them waiting (decision 049).
  const commerce: CommerceFactory = commerceFactory(config.bigcommerceApiUrl);
  const secrets = createSecretBox(appSecret.secret);
  // Every link handed out (invitations, Stripe's return, work-order emails) is on PUBLIC_URL (config.ts:
  // required in production, else http://localhost:PORT), never on a request's Host; emails need SMTP_URL.
  const mailer = config.smtp ? createSmtpMailer(config.smtp) : null;
  if (!config.smtp) logger.info('SMTP_URL is not set: invitations are not emailed (the app shows their links)');
  logger.info('links point at PUBLIC_URL', { publicUrl: config.publicUrl });
  // Plans and payments: Stripe (or the local stand-in `npm start` runs, through STRIPE_API_URL).
  const billing = billingFromConfig(config.stripe, { db, logger, publicUrl: config.publicUrl });
  if (!config.stripe) logger.info('STRIPE_SECRET_KEY is not set: plan changes are disabled');
  else if (config.stripe.api) logger.info('Stripe requests go to STRIPE_API_URL', { stripe: `${config.stripe.api.protocol}://${config.stripe.api.host}:${config.stripe.api.port}` });
  // Rate limits (RATE_LIMIT_*): counted in PostgreSQL when DATABASE_URL is one, so they hold across instances.
  // Installing from BigCommerce (issue 34): users are signed in to Firebase with custom tokens.
  const bigcommerceApp = config.bigcommerceApp && {
    registration: { ...config.bigcommerceApp, redirectUri: `${config.publicUrl}/bigcommerce/auth` },
    // config.ts requires the service account's key file outside local mode.
    mintCustomToken: !config.firebase.emulatorHost && config.bigcommerceApp.serviceAccountFile
      ? customTokenMinter({ emulator: false, serviceAccount: readServiceAccount(config.bigcommerceApp.serviceAccountFile) })
      : customTokenMinter({ emulator: true }),
  };
  if (bigcommerceApp) logger.info('installable from BigCommerce', { authCallback: bigcommerceApp.registration.redirectUri, loginUrl: config.bigcommerceApp?.loginUrl });
  const app = createApp({
    config, db, logger, verifyToken, commerce, secrets, syncs, invitations: { mailer }, billing, rateLimits: config.rateLimits, bigcommerceApp,
  });
  // Runs due work orders (immediate, scheduled, or resumed after another process died); every
  // instance runs one, the database's atomic claims keep each order to one of them.
  const workOrderLog = logger.child({ component: 'work-orders' });
  const workOrders = createScheduler({
    db,
    executor: createExecutor({
      db, storeClient: storeClients({ db, commerce, secrets }), logger: workOrderLog, leaseMs: config.workOrderLeaseMs,
      // A scheduled run or an end that failed or warned: the owners and admins are emailed (SMTP_URL).
      alert: workOrderAlerts({ db, mailer, publicUrl: config.publicUrl, logger: workOrderLog }),
    }),
    logger: workOrderLog,
    concurrency: config.workOrdersAtOnce,
  });
  workOrders.start();
  // Re-reads the products the store's webhooks named (queued in the database by any instance).
  const storeRefresh = createRefreshWorker({
    db, commerce, secrets, logger, concurrency: config.storeRefreshesAtOnce, webhookHealth: { origin: config.storeWebhookUrl },
  });
  storeRefresh.start();
  if (config.storeWebhookUrl) logger.info('store webhooks deliver to STORE_WEBHOOK_URL (or PUBLIC_URL)', { origin: config.storeWebhookUrl });
  else logger.info('no https PUBLIC_URL or STORE_WEBHOOK_URL: store webhooks are not registered (changes in the store arrive with a Sync)');
  // Daily backups of Premium catalogs and their retention (issue 17): every instance runs one;
  // a lease per company and a unique daily key keep each backup to one of them.
  const backups = createBackupScheduler({ db, logger: logger.child({ component: 'backups' }) });
  backups.start();
  // The lowest prior prices of variants on sale, published to the storefront as metafields by
  // companies that ask for it (issue 36): every instance runs one; a lease per company keeps each run to one of them.
  const priorPrices = createPriorPricePublisher({ db, commerce, secrets, logger });
  priorPrices.start();
  // The data of stores that uninstalled the app goes 30 days later (issue 34).
  const purging = startPurging(db, logger.child({ component: 'bigcommerce-app' }));

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', { url: `http://localhost:${info.port}`, host: config.host, db: db.dialect });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    purging.stop();
    // A running sync stops at its next page (what it saved stays consistent); its stream then ends.
    const cancelled = syncs.cancelAll();
    if (cancelled > 0) logger.info('cancelled running syncs', { count: cancelled });
    // Running orders stop at their next batch and release their leases, so the next instance resumes them at once.
    const ordersStopped = Promise.all([
      workOrders.stop().catch((err) => logger.error('stopping the work-order scheduler failed', { error: String(err) })),
      backups.stop().catch((err) => logger.error('stopping the backup scheduler failed', { error: String(err) })),
    ]);
    const refreshStopped = Promise.all([
      storeRefresh.stop().catch((err) => logger.error('stopping the store-refresh worker failed', { error: String(err) })),
      priorPrices.stop().catch((err) => logger.error('stopping the prior price publisher failed', { error: String(err) })),
    ]);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const finish = async () => {
      // Every promise here settles its own errors (logged above, or ignored for the database).
      await ordersStopped;
      await refreshStopped;
      mailer?.close();
      await db.close().catch(() => {});
      process.exit(0);
    };
    server.close(() => void finish());
    // Keep-alive sockets would hold close() open until their timeout (5 s): close the idle ones
    // now, and each one that goes idle once its request in flight is answered.
    const closeIdle = () => (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    closeIdle();
    setInterval(closeIdle, 100).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'failed to start', error: String(err?.stack ?? err) })}\n`);
  process.exit(1);
});
