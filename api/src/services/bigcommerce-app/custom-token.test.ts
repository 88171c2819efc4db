/**
 * Custom tokens (decision 056): unsigned for the Auth emulator; RS256 by the service account in
 * production, with the claims Firebase requires (iss = sub = the account, the Identity Toolkit
 * audience, an hour at most, the uid).
 */
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { customTokenMinter } from './custom-token';

const AUDIENCE = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
const part = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString()) as Record<string, unknown>;

describe('customTokenMinter', () => {
  it('mints the emulator\u2019s unsigned token for a uid', async () => {
    const token = await customTokenMinter({ emulator: true })('bc:abc:1');
    expect(part(token, 0)).toMatchObject({ alg: 'none' });
    expect(part(token, 1)).toMatchObject({ uid: 'bc:abc:1', aud: AUDIENCE });
    expect(token.endsWith('.')).toBe(true);
  });

  it('signs with the service account\u2019s key in production', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const clientEmail = 'minter@project.iam.gserviceaccount.com';
    const token = await customTokenMinter({ emulator: false, serviceAccount: { clientEmail, privateKey: await exportPKCS8(privateKey) } })('bc:abc:1');
    const { payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'], issuer: clientEmail, subject: clientEmail, audience: AUDIENCE });
    expect(payload.uid).toBe('bc:abc:1');
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
  });

  it('fails a sign-in, not the process, on a key that is not one', async () => {
    const mint = customTokenMinter({ emulator: false, serviceAccount: { clientEmail: 'x@y', privateKey: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' } });
    await expect(mint('bc:abc:1')).rejects.toThrow();
  });
});
