import { listen, type Listening } from '@catalog/listen';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheVerifiedTokens, createTokenVerifier, InvalidTokenError, type VerifiedIdentity } from './verify-token';

const PROJECT = 'demo-catalog';
const ISSUER = `https://securetoken.google.com/${PROJECT}`;

let server: Listening;
let jwksUrl: string;
let goodKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const good = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  goodKey = good.privateKey;
  otherKey = other.privateKey;
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'good', alg: 'RS256', use: 'sig' };
  server = await listen({ fetch: () => Response.json({ keys: [jwk] }) });
  jwksUrl = `${server.url}/jwks`;
});
afterAll(() => server.close());

function sign(claims: Record<string, unknown>, opts: { key?: CryptoKey; kid?: string; exp?: string | number } = {}) {
  return new SignJWT({ email: 'Ada@Example.com', name: 'Ada Lovelace', email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'good' })
    .setIssuer((claims.iss as string) ?? ISSUER)
    .setAudience((claims.aud as string) ?? PROJECT)
    .setSubject((claims.sub as string) ?? 'uid-123')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(opts.key ?? goodKey);
}

function unsigned(payload: Record<string, unknown>) {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

describe('signed Firebase ID tokens (the production path)', () => {
  const verify = () => createTokenVerifier({ projectId: PROJECT, jwksUrl });

  it('accepts a token signed by a key in the JWKS and returns the identity', async () => {
    const id = await verify()(await sign({}));
    expect(id).toEqual({ uid: 'uid-123', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace', picture: null, expiresAt: expect.any(Number) });
  });

  it('counts the address of a store\u2019s user from BigCommerce as verified, signed in by our custom token only', async () => {
    const bc = { email: undefined, email_verified: undefined, sub: 'bc:abc123:1001' };
    expect((await verify()(await sign({ ...bc, firebase: { sign_in_provider: 'custom' } }))).emailVerified).toBe(true);
    // The same uid by another provider, or a custom token for another uid: as the token says.
    expect((await verify()(await sign({ ...bc, firebase: { sign_in_provider: 'password' } }))).emailVerified).toBe(false);
    expect((await verify()(await sign({ ...bc, sub: 'uid-123', firebase: { sign_in_provider: 'custom' } }))).emailVerified).toBe(false);
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const [h, p, s] = (await sign({})).split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.sub = 'someone-else';
    const tampered = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    await expect(verify()(tampered)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('rejects a token signed by another key', async () => {
    await expect(verify()(await sign({}, { key: otherKey }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('rejects a wrong audience', async () => {
    await expect(verify()(await sign({ aud: 'other-project' }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('rejects a wrong issuer', async () => {
    await expect(verify()(await sign({ iss: 'https://securetoken.google.com/other' }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('rejects an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 600;
    await expect(verify()(await sign({}, { exp: past }))).rejects.toThrow('expired');
  });

  it('rejects malformed tokens and unsigned tokens outside emulator mode', async () => {
    await expect(verify()('not-a-jwt')).rejects.toBeInstanceOf(InvalidTokenError);
    const now = Math.floor(Date.now() / 1000);
    const token = unsigned({ iss: ISSUER, aud: PROJECT, sub: 'u1', iat: now, exp: now + 3600 });
    await expect(verify()(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('emulator tokens (local mode only)', () => {
  const verify = createTokenVerifier({ projectId: PROJECT, jwksUrl: 'http://127.0.0.1:9/none', emulator: true });
  const now = Math.floor(Date.now() / 1000);

  it('accepts an unsigned emulator token with the right claims', async () => {
    const id = await verify(unsigned({ iss: ISSUER, aud: PROJECT, sub: 'emu-1', email: 'e@x.io', iat: now, exp: now + 3600 }));
    expect(id.uid).toBe('emu-1');
  });

  it('still checks audience, issuer and expiry', async () => {
    await expect(verify(unsigned({ iss: ISSUER, aud: 'x', sub: 'a', exp: now + 60 }))).rejects.toThrow();
    await expect(verify(unsigned({ iss: 'https://evil', aud: PROJECT, sub: 'a', exp: now + 60 }))).rejects.toThrow();
    await expect(verify(unsigned({ iss: ISSUER, aud: PROJECT, sub: 'a', exp: now - 600 }))).rejects.toThrow('expired');
    await expect(verify(unsigned({ iss: ISSUER, aud: PROJECT, sub: '', exp: now + 60 }))).rejects.toThrow('subject');
  });
});

const identity = (uid: string, expiresAt: number): VerifiedIdentity =>
  ({ uid, email: null, emailVerified: false, name: null, picture: null, expiresAt });

describe('cacheVerifiedTokens', () => {
  it('verifies a token once until it expires, then again', async () => {
    let clock = 1_000_000;
    const calls: string[] = [];
    const verify = cacheVerifiedTokens(async (token) => {
      calls.push(token);
      return identity(token, 1_000 + 60); // exp in seconds: the clock's 1,000 s + 60 s
    }, { now: () => clock });
    await verify('a');
    await verify('a');
    await verify('b');
    expect(calls).toEqual(['a', 'b']);
    clock = 1_060_000; // exactly at exp: no longer trusted
    expect((await verify('a')).uid).toBe('a');
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('never remembers a token that failed', async () => {
    let calls = 0;
    const verify = cacheVerifiedTokens(async () => {
      calls++;
      throw new InvalidTokenError('Invalid token');
    });
    await expect(verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify('bad')).rejects.toBeInstanceOf(InvalidTokenError);
    expect(calls).toBe(2);
  });
});
