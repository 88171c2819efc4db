/**
 * Process entry: read the configuration, open the database (migrations run on open), serve the
 * app, and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish requests, close db).
 */
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createTokenVerifier } from './auth/verify-token';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/index';
import { createLogger } from './lib/logger';

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

  const db = await openDatabase(config.databaseUrl, { migrationsDir: config.migrationsDir });
  const verifyToken = createTokenVerifier({
    projectId: config.firebase.projectId,
    jwksUrl: config.firebase.jwksUrl,
    emulator: Boolean(config.firebase.emulatorHost),
  });
  if (config.firebase.emulatorHost) {
    logger.warn('accepting unsigned Firebase Auth emulator tokens (local mode)', { emulator: config.firebase.emulatorHost });
  }
  const app = createApp({ config, db, logger, verifyToken });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', { url: `http://localhost:${info.port}`, db: db.dialect });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await db.close().catch(() => {});
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open.
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: 'failed to start', error: String(err?.stack ?? err) })}\n`);
  process.exit(1);
});
