/**
 * Firebase custom tokens (decision 056): after verifying BigCommerce's payload, the API signs the
 * store's user in to Firebase Auth, so every other route keeps verifying Firebase ID tokens. With
 * the Auth emulator (local mode) the token is unsigned, as the Admin SDK makes it there; in
 * production it is signed RS256 by a service account (FIREBASE_SERVICE_ACCOUNT), as
 * https://firebase.google.com/docs/auth/admin/create-custom-tokens describes.
 */
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT, UnsecuredJWT } from 'jose';
import { z } from 'zod';

const AUDIENCE = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
/** The issuer of the Auth emulator's unsigned tokens (the Admin SDK uses the same). */
const EMULATOR_ISSUER = 'firebase-auth-emulator@example.com';

export type CustomTokenMinter = (uid: string) => Promise<string>;

const ServiceAccount = z.object({ client_email: z.string().min(3), private_key: z.string().includes('PRIVATE KEY') });

/** Reads a service account key file (JSON from the Firebase console); throws with a reason. */
export function readServiceAccount(file: string): { clientEmail: string; privateKey: string } {
  const parsed = ServiceAccount.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a service account key (client_email and private_key are required)`);
  return { clientEmail: parsed.data.client_email, privateKey: parsed.data.private_key };
}

export function customTokenMinter(
  opts: { emulator: true } | { emulator: false; serviceAccount: { clientEmail: string; privateKey: string } },
): CustomTokenMinter {
  if (opts.emulator) {
    return async (uid) => new UnsecuredJWT({ uid }).setIssuer(EMULATOR_ISSUER).setSubject(EMULATOR_ISSUER).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('1h').encode();
  }
  const { clientEmail, privateKey } = opts.serviceAccount;
  // Read on first use (a bad key fails that sign-in with its reason, not the process).
  let key: ReturnType<typeof importPKCS8> | undefined;
  return async (uid) =>
    new SignJWT({ uid })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(clientEmail)
      .setSubject(clientEmail)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await (key ??= importPKCS8(privateKey, 'RS256')));
}
