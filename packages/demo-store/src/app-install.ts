/**
 * One store's side of the registered app's install: the authorization codes handed to the app's
 * auth callback (single use, 5 minutes, bound to the scopes and the user who confirmed), the
 * access token issued for a code (accepted by this store's API until the app is uninstalled; a
 * newer install replaces it, as BigCommerce invalidates the previous token when the merchant
 * accepts again), and which users may open the app. In memory; `reset()` forgets it all.
 */
import { randomInt } from 'node:crypto';

/** How long an authorization code may be exchanged (BigCommerce's last minutes). */
export const AUTH_CODE_TTL_MS = 5 * 60 * 1000;

interface AuthCode {
  scopes: readonly string[];
  /** The user who confirmed the install. */
  userId: number;
  expiresAt: number;
}

export interface IssuedToken {
  accessToken: string;
  /** The app the token belongs to: the API account its webhooks are registered under. */
  clientId: string;
  scopes: readonly string[];
  userId: number;
  issuedAt: number;
}

export type CodeReading = { ok: true; scopes: readonly string[]; userId: number } | { ok: false; reason: 'unknown' | 'expired' };

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomText = (length: number) => Array.from({ length }, () => ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length))).join('');

export class StoreAppInstall {
  private readonly codes = new Map<string, AuthCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly withoutAccess = new Set<number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Installed: the app holds a live access token for the store. */
  get installed(): boolean {
    return this.tokens.size > 0;
  }

  /** The live token, if any. */
  token(): IssuedToken | undefined {
    return [...this.tokens.values()][0];
  }

  /** A new code for the auth callback (lowercase letters and digits, like `qr6h3thvbvag2ffq`). */
  issueCode(scopes: readonly string[], userId: number): string {
    const now = this.now();
    for (const [code, entry] of this.codes) if (entry.expiresAt <= now) this.codes.delete(code);
    const code = randomText(16);
    this.codes.set(code, { scopes: [...scopes], userId, expiresAt: now + AUTH_CODE_TTL_MS });
    return code;
  }

  /** Takes a code: it can be read once, whatever the outcome of the exchange it is read for. */
  takeCode(code: string): CodeReading {
    const entry = this.codes.get(code);
    if (!entry) return { ok: false, reason: 'unknown' };
    this.codes.delete(code);
    if (entry.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, scopes: entry.scopes, userId: entry.userId };
  }

  /** A new access token for the app; the earlier one stops working. Everyone may open the app again. */
  issueToken(clientId: string, scopes: readonly string[], userId: number): IssuedToken {
    this.tokens.clear();
    this.withoutAccess.clear();
    const issued: IssuedToken = { accessToken: randomText(31), clientId, scopes: [...scopes], userId, issuedAt: this.now() };
    this.tokens.set(issued.accessToken, issued);
    return issued;
  }

  /** The client id a live issued token belongs to; undefined for any other token. */
  clientIdOf(accessToken: string): string | undefined {
    return this.tokens.get(accessToken)?.clientId;
  }

  hasAccess(userId: number): boolean {
    return this.installed && !this.withoutAccess.has(userId);
  }

  removeAccess(userId: number): void {
    this.withoutAccess.add(userId);
  }

  grantAccess(userId: number): void {
    this.withoutAccess.delete(userId);
  }

  /** Uninstalled: the token stops working, codes not yet exchanged too. */
  uninstall(): void {
    this.codes.clear();
    this.tokens.clear();
    this.withoutAccess.clear();
  }

  /** What the admin route shows: installed, the token's scopes and user (not the token), who lost access. */
  describe() {
    const token = this.token();
    return {
      installed: this.installed,
      scopes: token?.scopes ?? [],
      installedBy: token?.userId ?? null,
      usersWithoutAccess: [...this.withoutAccess],
      pendingCodes: this.codes.size,
    };
  }
}
