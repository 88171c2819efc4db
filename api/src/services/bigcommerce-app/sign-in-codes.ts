/**
 * One-time sign-in codes (issue 34): a load from the control panel, or "Open in its own window",
 * hands the browser a code (32 random bytes, base64url) that the web app trades once, within two
 * minutes, for a Firebase custom token. Only the code's SHA-256 is stored; the code travels in a
 * URL fragment, which no server or log sees.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SIGN_IN_CODE_TTL_MS, SIGN_IN_WITH_CODE_PATH } from '@catalog/contracts/bigcommerce-app';
import type { Database } from '../../db/repositories';

const hashOf = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A new code for the user; the path that signs in with it (`/sign-in/code#code=...`). */
export async function issueSignInCode(db: Database, userId: string, now: Date): Promise<{ code: string; path: string }> {
  const code = randomBytes(32).toString('base64url');
  await db.bigcommerceApp.createSignInCode({ codeHash: hashOf(code), userId, expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS), now });
  return { code, path: `${SIGN_IN_WITH_CODE_PATH}#code=${code}` };
}

/** The user a code was issued for (and their company), once; null when it is unknown, used or expired. */
export const takeSignInCode = (db: Database, code: string, now: Date): Promise<{ userId: string; companyId: string } | null> => db.bigcommerceApp.takeSignInCode(hashOf(code), now);
