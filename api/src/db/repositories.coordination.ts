/**
 * The coordination part of the data layer's contract: what keeps one thing from being done twice
 * across requests and processes. Idempotency keys (a replayed request gets its first answer),
 * Stripe events already handled, and leases on per-company exclusive activities (a sync, the
 * store refresh, the daily backup). Re-exported by repositories.ts.
 */

// ---------------------------------------------------------------- idempotency keys

/** A request made with an `Idempotency-Key`, as first processed. */
export interface IdempotencyRecord {
  companyId: string;
  key: string;
  /** What the key was used for, e.g. "PUT /api/products/123". */
  scope: string;
  /** A hash of the request body: the same key with another body is another request. */
  fingerprint: string;
  /** null while the first request is still being processed. */
  status: number | null;
  response: unknown;
  createdAt: Date;
  completedAt: Date | null;
}

export type IdempotencyClaim = { claimed: true } | { claimed: false; record: IdempotencyRecord };

export interface IdempotencyRepository {
  /**
   * Claims the key for a request, atomically: `claimed` when it was unknown, or when an
   * unfinished claim started before `staleBefore` (its process died) is taken over. Otherwise
   * returns what is recorded: an answer to replay, or a claim still being processed.
   */
  claim(companyId: string, input: { key: string; scope: string; fingerprint: string; now: Date; staleBefore: Date }): Promise<IdempotencyClaim>;
  /** Records the answer of a claimed key; false when the claim is no longer there. */
  complete(companyId: string, key: string, answer: { status: number; response: unknown }, now?: Date): Promise<boolean>;
  /** Forgets an unfinished claim (the request failed and changed nothing), so a retry may run. */
  release(companyId: string, key: string): Promise<void>;
}

// ---------------------------------------------------------------- stripe events

/** Stripe webhook events already handled: a redelivered event id is acknowledged and skipped. */
export interface StripeEventsRepository {
  /** Global: whether the event was recorded as handled. */
  seen(eventId: string): Promise<boolean>;
  /**
   * Global: records the event as handled; true the first time, false when it already was
   * (also when two deliveries race: exactly one gets true).
   */
  record(eventId: string, at?: Date): Promise<boolean>;
}

// ---------------------------------------------------------------- company activities

/**
 * A per-company exclusive activity that must hold across processes: a sync, the store refresh,
 * the daily backup, the publication of the lowest prior prices to the store (issue 36).
 */
export type CompanyActivity = 'sync' | 'store-refresh' | 'backup' | 'prior-price';

/** A live (unexpired) lease on a company's activity. */
export interface ActivityLease {
  companyId: string;
  activity: CompanyActivity;
  /** Who holds it: one id per acquisition (process and run). */
  owner: string;
  startedAt: Date;
  expiresAt: Date;
  cancelRequested: boolean;
  /** The holder's latest progress (for sync: a SyncProgress), or null before the first. */
  progress: unknown;
}

/**
 * Leases on per-company exclusive activities, shared by every process on the database. Every
 * method is one statement, so two processes racing never both hold an activity.
 */
export interface CompanyActivitiesRepository {
  /**
   * Takes the company's activity for `owner` until `expiresAt`: inserts the lease, or takes over
   * one that expired before `now` (its holder died). False when a live lease is held.
   */
  acquire(companyId: string, activity: CompanyActivity, input: { owner: string; now: Date; expiresAt: Date }): Promise<boolean>;
  /**
   * The holder's heartbeat: extends its lease to `expiresAt` (and stores `progress` when given).
   * Returns whether a cancel was requested, or null when `owner` no longer holds the lease.
   */
  renew(companyId: string, activity: CompanyActivity, owner: string, input: { expiresAt: Date; progress?: unknown }): Promise<{ cancelRequested: boolean } | null>;
  /** Gives the lease up (only `owner`'s: a lease taken over since is left alone). */
  release(companyId: string, activity: CompanyActivity, owner: string): Promise<void>;
  /** Flags the live lease for cancelling; false when none is live at `now`. */
  requestCancel(companyId: string, activity: CompanyActivity, now: Date): Promise<boolean>;
  /** The live lease at `now`, or null. */
  get(companyId: string, activity: CompanyActivity, now: Date): Promise<ActivityLease | null>;
}
