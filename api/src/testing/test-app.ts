/**
 * Builds the real app for in-process API tests: a fresh SQLite `:memory:` database (migrated),
 * a silent logger and, optionally, a built web app directory.
 */
import { createApp, type AppDeps } from '../app';
import { createTokenVerifier, type TokenVerifier } from '../auth/verify-token';
import { openDatabase } from '../db/index';
import { createLogger } from '../lib/logger';

export const TEST_PROJECT = 'demo-catalog';

/** An unsigned token as the Auth emulator issues them (accepted only in emulator mode). */
export function emulatorToken(claims: { sub: string; email?: string; name?: string; exp?: number }) {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: `https://securetoken.google.com/${TEST_PROJECT}`, aud: TEST_PROJECT, iat: now, exp: now + 3600, ...claims };
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

/** A signed-in user for API tests: a unique identity and the headers that carry its token. */
export function testUser(name = 'Ada Lovelace') {
  const sub = `uid-${crypto.randomUUID()}`;
  const email = `${sub}@example.com`;
  const token = emulatorToken({ sub, email, name });
  return { sub, email, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

export async function testApp(
  overrides: { webDistDir?: string; maxBodyBytes?: number; verifyToken?: TokenVerifier } = {},
) {
  const db = await openDatabase(':memory:');
  const deps: AppDeps = {
    config: {
      webDistDir: overrides.webDistDir ?? '/nonexistent-web-dist',
      maxBodyBytes: overrides.maxBodyBytes ?? 1024 * 1024,
      frameOrigins: [],
      nodeEnv: 'test',
      firebase: { projectId: TEST_PROJECT, jwksUrl: undefined, emulatorHost: '127.0.0.1:9099' },
    },
    db,
    logger: createLogger('silent'),
    verifyToken:
      overrides.verifyToken ?? createTokenVerifier({ projectId: TEST_PROJECT, jwksUrl: 'http://127.0.0.1:9/unused', emulator: true }),
  };
  const app = createApp(deps);
  return { app, db, close: () => db.close() };
}
