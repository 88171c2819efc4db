/**
 * The signed payload's checks at their edges (callbacks.mdx; issue 34): 60 s of clock skew on
 * `exp`, `nbf` and `iat`, and nothing more; the claims the callbacks read, as documented.
 */
import { describe, expect, it } from 'vitest';
import { appPayloadClaims, signAppPayload, storeUser } from '@catalog/demo-store';
import { InvalidPayloadError, verifySignedPayload } from './signed-payload';

const keys = { clientId: 'client-1', clientSecret: 'secret-1' };
const NOW = Date.UTC(2030, 0, 1, 12);
const at = (deltaSec: number) => new Date(NOW + deltaSec * 1000);
const jwt = (change: (c: Record<string, unknown>) => void = () => {}) => {
  const claims = appPayloadClaims({ clientId: keys.clientId, hash: 'Abc123', user: storeUser('abc123', 'staff'), nowMs: NOW }) as unknown as Record<string, unknown>;
  change(claims);
  return signAppPayload(keys.clientSecret, claims);
};
const refused = (token: string, now: Date) => expect(verifySignedPayload(token, keys, now)).rejects.toBeInstanceOf(InvalidPayloadError);

describe('verifySignedPayload', () => {
  it('reads the store, the user, the owner and the jti', async () => {
    const payload = await verifySignedPayload(jwt(), keys, at(0));
    expect(payload).toMatchObject({ storeHash: 'abc123', user: { id: 1002, locale: 'en-US' }, owner: { id: 1001 }, url: '/' });
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.expiresAt).toEqual(at(86_400));
  });

  it('allows 60 s of clock skew on exp, nbf and iat, and no more', async () => {
    const expiresNow = jwt((c) => { c.exp = NOW / 1000; });
    await expect(verifySignedPayload(expiresNow, keys, at(59))).resolves.toBeDefined();
    await refused(expiresNow, at(61));
    const later = jwt((c) => { c.nbf = NOW / 1000 + 30; c.iat = NOW / 1000 + 30; });
    await expect(verifySignedPayload(later, keys, at(-29))).resolves.toBeDefined();
    await refused(later, at(-31));
  });

  it('refuses a payload without the documented claims, or for no store', async () => {
    await refused(jwt((c) => { delete c.exp; }), at(0));
    await refused(jwt((c) => { delete c.nbf; }), at(0));
    await refused(jwt((c) => { delete c.user; }), at(0));
    await refused(jwt((c) => { c.sub = 'stores/'; }), at(0));
    await refused(jwt((c) => { c.sub = 'stores/a/b'; }), at(0));
    await refused(jwt((c) => { c.user = { id: 'x', email: 'a@b.c' }; }), at(0));
    await refused('not.a.jwt', at(0));
  });
});
