/**
 * Secrets at rest: the store access token is kept encrypted with AES-256-GCM under a key derived
 * from APP_SECRET, as `v1:<iv>:<tag>:<ciphertext>` (each part base64url, a fresh 12-byte IV per
 * write). Also the development fallback for APP_SECRET: a random secret kept in a file of the
 * data directory (mode 0600), created on first start and reused afterwards.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/** The shortest APP_SECRET accepted (characters); 32 random characters carry 128+ bits. */
export const MIN_APP_SECRET_LENGTH = 32;

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed HKDF salt and info: they name this product and purpose, so the key is used for nothing else. */
const HKDF_SALT = 'catalog-pilot/app-secret';
const HKDF_INFO = 'stored-secrets/aes-256-gcm/v1';

/** A stored value that is not ours, was tampered with, or was written under another APP_SECRET. */
export class SecretDecryptError extends Error {
  override readonly name = 'SecretDecryptError';
}

export interface SecretBox {
  /**
   * Encrypts `plain`. `context` (e.g. the company id) is authenticated with it, so a value
   * copied to another row does not decrypt there.
   */
  encrypt(plain: string, context?: string): string;
  /** Throws SecretDecryptError for anything that does not decrypt under this key and context. */
  decrypt(stored: string, context?: string): string;
}

export function createSecretBox(appSecret: string): SecretBox {
  if (appSecret.length < MIN_APP_SECRET_LENGTH) {
    throw new RangeError(`APP_SECRET must be at least ${MIN_APP_SECRET_LENGTH} characters`);
  }
  const key = Buffer.from(hkdfSync('sha256', appSecret, HKDF_SALT, HKDF_INFO, 32));
  const aad = (context: string | undefined) => Buffer.from(`${VERSION}|${context ?? ''}`, 'utf8');

  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join(':');
    },
    decrypt(stored, context) {
      const parts = stored.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptError('The stored secret is not in the v1 format');
      const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
      if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) throw new SecretDecryptError('The stored secret is malformed');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv!, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(context));
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptError('The stored secret does not decrypt (was APP_SECRET changed?)');
      }
    },
  };
}

/** A new random secret: 48 bytes, base64url (64 characters). */
export function generateAppSecret(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * The secret kept in `file`, created (mode 0600, exclusively, so two processes starting together
 * agree on one) when absent. `created` says whether this call wrote it.
 */
export function readOrCreateSecretFile(file: string): { secret: string; created: boolean } {
  try {
    writeFileSync(file, `${generateAppSecret()}\n`, { mode: 0o600, flag: 'wx' });
    return { secret: readSecret(file), created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { secret: readSecret(file), created: false };
  }
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_APP_SECRET_LENGTH) {
    throw new RangeError(`${file} holds no usable secret (at least ${MIN_APP_SECRET_LENGTH} characters); delete it to generate a new one`);
  }
  return secret;
}
