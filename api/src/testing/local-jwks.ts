/**
 * A stand-in for Google's securetoken key endpoint: an RSA key pair made in the test, its JWKS
 * served on 127.0.0.1, and a signer for Firebase-shaped ID tokens (good ones and bad ones).
 */
import { listen } from '@catalog/listen';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface LocalJwks {
  url: string;
  /** Signs with the served key unless `key` (another one) is given. */
  sign(claims: Record<string, unknown>, opts?: { key?: CryptoKey; exp?: number | string }): Promise<string>;
  otherKey: CryptoKey;
  close(): Promise<void>;
}

export async function startLocalJwks(projectId: string): Promise<LocalJwks> {
  const good = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  const server = await listen({ fetch: () => Response.json({ keys: [jwk] }) });
  const url = `${server.url}/jwks`;
  return {
    url,
    otherKey: other.privateKey,
    sign: (claims, opts = {}) =>
      new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'local-1' })
        .setIssuer((claims.iss as string | undefined) ?? `https://securetoken.google.com/${projectId}`)
        .setAudience((claims.aud as string | undefined) ?? projectId)
        .setSubject((claims.sub as string | undefined) ?? `uid-${crypto.randomUUID()}`)
        .setIssuedAt()
        .setExpirationTime(opts.exp ?? '1h')
        .sign(opts.key ?? good.privateKey),
    close: server.close,
  };
}
