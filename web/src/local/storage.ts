/**
 * The device's storage for the app (StorageManager): asking once that it be persistent (so the
 * browser does not evict the catalog, drafts and outbox under storage pressure), how much is
 * used, and a channel on which every local write reports a full disk (QuotaExceededError) so the
 * app can tell the user (app/storage-full-notice.tsx).
 */
import { catalogInMemory } from './indexeddb-choice';
import { isQuotaExceededError } from './storage-errors';

/** localStorage key prefix: the answer to persist() for a user on this device. */
export const PERSIST_ASKED_KEY = 'catalog-pilot:storage-persist:';

export interface StorageEstimate {
  /** Bytes used by this origin; null when the browser does not say. */
  usage: number | null;
  /** Bytes this origin may use; null when the browser does not say. */
  quota: number | null;
  /** The browser keeps the data under storage pressure; null when it cannot tell. */
  persisted: boolean | null;
}

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

function readAnswer(uid: string): string | null {
  try {
    return window.localStorage.getItem(PERSIST_ASKED_KEY + uid);
  } catch {
    return null;
  }
}

function writeAnswer(uid: string, answer: string): void {
  try {
    window.localStorage.setItem(PERSIST_ASKED_KEY + uid, answer);
  } catch {
    // storage disabled: asked again next time, which is harmless
  }
}

let asking: Promise<boolean | null> | null = null;

/**
 * Asks the browser once per user and device to keep this origin's storage (`persist()`), and
 * remembers the answer. Resolves with whether storage is persistent, or null where the browser
 * has no StorageManager or the catalog is in memory. Never rejects.
 */
export function requestPersistentStorage(uid: string): Promise<boolean | null> {
  const storage = storageManager();
  // A catalog in memory (a frame denied storage, indexeddb-choice.ts) has nothing to keep.
  if (!storage?.persist || catalogInMemory()) return Promise.resolve(null);
  const answer = readAnswer(uid);
  if (answer !== null) return Promise.resolve(answer === 'granted');
  asking ??= (async () => {
    try {
      // Already persistent (an installed app, or asked for another user): nothing to ask.
      const granted = (await storage.persisted?.()) || (await storage.persist());
      writeAnswer(uid, granted ? 'granted' : 'denied');
      return granted;
    } catch (err) {
      console.error('Could not ask for persistent storage', err);
      return null;
    } finally {
      asking = null;
    }
  })();
  return asking;
}

/** Usage, quota and persistence as the browser reports them now. Never rejects. */
export async function estimateStorage(): Promise<StorageEstimate> {
  const storage = storageManager();
  const [estimate, persisted] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => undefined) : undefined,
    storage?.persisted ? storage.persisted().catch(() => null) : null,
  ]);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 0 -> '0 bytes', 1536 -> '1.5 KB', 52428800 -> '50 MB' (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} ${value === 1 ? 'byte' : 'bytes'}`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits)).toLocaleString('en-US')} ${UNITS[unit]}`;
}

type StorageFullListener = (error: unknown) => void;
const fullListeners = new Set<StorageFullListener>();

/** Called with every QuotaExceededError a local write reports. */
export function onStorageFull(listener: StorageFullListener): () => void {
  fullListeners.add(listener);
  return () => fullListeners.delete(listener);
}

/**
 * Reports a failed local write: a QuotaExceededError reaches the listeners (the app shows the
 * "Storage is full" notice) and true is returned; anything else is left to the caller.
 */
export function reportStorageError(error: unknown): boolean {
  if (!isQuotaExceededError(error)) return false;
  for (const listener of fullListeners) {
    try {
      listener(error);
    } catch (err) {
      console.error('A storage-full listener failed', err);
    }
  }
  return true;
}
