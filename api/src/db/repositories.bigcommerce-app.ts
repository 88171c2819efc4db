/**
 * The BigCommerce app part of the data layer's contract (issue 34, decision 056): a store's
 * installation of the app (from BigCommerce's single-click install), the store's users who may
 * open it (BigCommerce user id -> our user), the signed payloads already accepted (their `jti`,
 * so a load link works once), and the one-time sign-in codes that carry a session into the
 * control panel's iframe or a window of its own. Re-exported by repositories.ts.
 */

/** A store's installation of the app. One per store hash, kept after an uninstall for 30 days. */
export interface Installation {
  storeHash: string;
  /** The company the store belongs to in the app. */
  companyId: string;
  /** The BigCommerce user id of the store's owner (the installing owner). */
  ownerBcUserId: number;
  accountUuid: string | null;
  /** The scopes BigCommerce granted, space separated as it sends them. */
  scopes: string;
  installedAt: Date;
  /** Set by an uninstall; cleared by an install within the 30 days; the company's data goes after. */
  uninstalledAt: Date | null;
}

export interface InstallationInput {
  storeHash: string;
  companyId: string;
  ownerBcUserId: number;
  accountUuid: string | null;
  scopes: string;
  installedAt: Date;
}

export interface BigCommerceAppRepository {
  /** Global: the store's installation (installed or uninstalled), or null. */
  installation(storeHash: string): Promise<Installation | null>;
  /** The company's installation, or null (a company connected through a pasted token only). */
  installationOfCompany(companyId: string): Promise<Installation | null>;
  /**
   * Creates or replaces the store's installation (an install, or an install again: every field
   * replaced, the company too, and uninstalledAt null). Rejects with UniqueViolationError when
   * the company has another store's installation (one per company).
   */
  saveInstallation(input: InstallationInput): Promise<Installation>;
  /** Marks the store's installation uninstalled at `at`; false when there is none or it already was. */
  markUninstalled(storeHash: string, at: Date): Promise<boolean>;
  /** Installations uninstalled before `before` (their data is due to go), oldest first, at most `limit`. */
  uninstalledBefore(before: Date, limit: number): Promise<Installation[]>;
  /** Forgets the installation and its store users (after the company's data went). */
  deleteInstallation(storeHash: string): Promise<void>;

  /** Our user for a store's BigCommerce user, or null. */
  userOf(storeHash: string, bcUserId: number): Promise<string | null>;
  /**
   * Records that the store's BigCommerce user is our user `userId` (idempotent: the same pair
   * again is fine; a store user linked before to another user is linked to `userId` now).
   */
  linkUser(storeHash: string, bcUserId: number, userId: string, now?: Date): Promise<void>;
  /** Forgets the store's BigCommerce user; returns our user id it named, or null. */
  unlinkUser(storeHash: string, bcUserId: number): Promise<string | null>;

  /**
   * Accepts a signed payload's `jti` once: true the first time (recorded until `expiresAt`),
   * false when it was seen (also when two requests race: exactly one gets true). Forgets
   * records that expired before `now` on the way.
   */
  acceptPayloadId(jti: string, expiresAt: Date, now: Date): Promise<boolean>;

  /** Records a one-time sign-in code (its SHA-256, never the code) for `userId`, valid until `expiresAt`. */
  createSignInCode(input: { codeHash: string; userId: string; expiresAt: Date; now: Date }): Promise<void>;
  /**
   * Takes a sign-in code, once: its user (and their company) when it exists, is unused and has not expired at
   * `now` (it is then used up, atomically: of two requests exactly one gets it), else null.
   * Forgets codes that expired before `now` on the way.
   */
  takeSignInCode(codeHash: string, now: Date): Promise<{ userId: string; companyId: string } | null>;
}
