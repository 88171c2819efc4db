/**
 * Verifies the `signed_payload_jwt` BigCommerce sends with the load, uninstall and remove_user
 * callbacks (callbacks.mdx), exactly: HS256 only, signed with the app's client secret; `aud` the
 * client id; `iss` "bc"; `sub` "stores/{hash}"; `exp`, `nbf` and `iat` present and within 60 s
 * of clock skew; a `jti`; the user and owner as documented. Anything else is an
 * InvalidPayloadError (the callback answers 401 with a page that says the link is not valid).
 * Accepting the `jti` once is the caller's step (it needs the database).
 */
import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { storeHashOf } from '@catalog/contracts/bigcommerce-app';

/** Clock skew allowed on `exp`, `nbf` and `iat`, in seconds (issue 34). */
export const PAYLOAD_CLOCK_SKEW_SEC = 60;

export class InvalidPayloadError extends Error {}

const Person = z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), email: z.string().min(3).max(254) });

const Claims = z.object({
  jti: z.string().min(1).max(128),
  sub: z.string().max(80),
  exp: z.number(),
  user: Person.extend({ locale: z.string().max(35).optional() }),
  owner: Person,
  url: z.string().max(2_000).optional(),
  channel_id: z.number().int().nullable().optional(),
});

export interface SignedPayload {
  storeHash: string;
  jti: string;
  expiresAt: Date;
  user: { id: number; email: string; locale: string | null };
  owner: { id: number; email: string };
  /** The deep link the control panel asked for ("/" from the Apps menu). */
  url: string;
}

export interface PayloadKeys {
  clientId: string;
  clientSecret: string;
}

export async function verifySignedPayload(jwt: string, keys: PayloadKeys, now: Date = new Date()): Promise<SignedPayload> {
  let payload;
  try {
    ({ payload } = await jwtVerify(jwt, new TextEncoder().encode(keys.clientSecret), {
      algorithms: ['HS256'],
      audience: keys.clientId,
      issuer: 'bc',
      clockTolerance: PAYLOAD_CLOCK_SKEW_SEC,
      currentDate: now,
      requiredClaims: ['exp', 'nbf', 'iat', 'jti', 'sub'],
    }));
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof SyntaxError) {
      throw new InvalidPayloadError(err instanceof errors.JOSEError ? err.code : 'malformed');
    }
    throw err;
  }
  // jose checks `iat` is a number but not that it is in the past.
  if (typeof payload.iat === 'number' && payload.iat > now.getTime() / 1000 + PAYLOAD_CLOCK_SKEW_SEC) {
    throw new InvalidPayloadError('issued in the future');
  }
  const claims = Claims.safeParse(payload);
  if (!claims.success) throw new InvalidPayloadError('claims');
  const storeHash = storeHashOf(claims.data.sub);
  if (!storeHash) throw new InvalidPayloadError('subject');
  const { user, owner } = claims.data;
  return {
    storeHash: storeHash.toLowerCase(),
    jti: claims.data.jti,
    expiresAt: new Date(claims.data.exp * 1000),
    user: { id: user.id, email: user.email.toLowerCase(), locale: user.locale ?? null },
    owner: { id: owner.id, email: owner.email.toLowerCase() },
    url: claims.data.url ?? '/',
  };
}
