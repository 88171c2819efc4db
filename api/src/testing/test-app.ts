/**
 * Builds the real app for in-process API tests: a fresh SQLite `:memory:` database (migrated),
 * a silent logger and, optionally, a built web app directory.
 */
import { createApp, type AppDeps } from '../app';
import { openDatabase } from '../db/index';
import { createLogger } from '../lib/logger';

export async function testApp(overrides: { webDistDir?: string; maxBodyBytes?: number } = {}) {
  const db = await openDatabase(':memory:');
  const deps: AppDeps = {
    config: {
      webDistDir: overrides.webDistDir ?? '/nonexistent-web-dist',
      maxBodyBytes: overrides.maxBodyBytes ?? 1024 * 1024,
      frameOrigins: [],
      nodeEnv: 'test',
    },
    db,
    logger: createLogger('silent'),
  };
  const app = createApp(deps);
  return { app, db, close: () => db.close() };
}
