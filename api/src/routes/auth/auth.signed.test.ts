import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '../../auth/verify-token';
import { type LocalJwks, startLocalJwks } from '../../testing/local-jwks';
import { emulatorToken, TEST_PROJECT, testApp } from '../../testing/test-app';

// The production path: signed ID tokens verified against a JWKS, no emulator.
let jwks: LocalJwks;
let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  jwks = await startLocalJwks(TEST_PROJECT);
  t = await testApp({ verifyToken: createTokenVerifier({ projectId: TEST_PROJECT, jwksUrl: jwks.url }) });
});
afterAll(async () => {
  await t.close();
  await jwks.close();
});

const get = (token?: string) =>
  t.app.request('/api/auth/user', { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

describe('signed-in endpoints on the signed path', () => {
  it('answers 200 for a token signed by the served key', async () => {
    const res = await get(await jwks.sign({ email: 'signed@example.com', name: 'Signed User' }));
    expect(res.status).toBe(200);
  });

  it('answers 401 for missing, malformed, tampered, wrongly signed, wrong-audience, wrong-issuer and expired tokens', async () => {
    const good = await jwks.sign({ email: 'x@example.com' });
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, email: 'admin@example.com' })).toString('base64url')}.${s}`;
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      malformed: 'abc.def',
      tampered,
      wronglySigned: await jwks.sign({ email: 'x@example.com' }, { key: jwks.otherKey }),
      wrongAudience: await jwks.sign({ email: 'x@example.com', aud: 'someone-else' }),
      wrongIssuer: await jwks.sign({ email: 'x@example.com', iss: 'https://securetoken.google.com/someone-else' }),
      expired: await jwks.sign({ email: 'x@example.com' }, { exp: Math.floor(Date.now() / 1000) - 3600 }),
      unsignedEmulatorToken: emulatorToken({ sub: 'u', email: 'x@example.com' }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await get(token);
      expect(res.status, name).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code, name).toBe('UNAUTHENTICATED');
    }
  });
});
