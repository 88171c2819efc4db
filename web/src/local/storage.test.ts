import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateStorage, formatBytes, onStorageFull, PERSIST_ASKED_KEY, reportStorageError, requestPersistentStorage } from './storage';

function stubStorage(manager: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { value: manager, configurable: true });
}

describe('requestPersistentStorage', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => stubStorage(undefined));

  it('asks once per user and device, and remembers the answer', async () => {
    const persist = vi.fn(async () => true);
    stubStorage({ persist, persisted: async () => false });
    await expect(requestPersistentStorage('u1')).resolves.toBe(true);
    await expect(requestPersistentStorage('u1')).resolves.toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(`${PERSIST_ASKED_KEY}u1`)).toBe('granted');
  });

  it('remembers a refusal too, and does not ask again', async () => {
    const persist = vi.fn(async () => false);
    stubStorage({ persist, persisted: async () => false });
    await expect(requestPersistentStorage('u2')).resolves.toBe(false);
    await expect(requestPersistentStorage('u2')).resolves.toBe(false);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when storage is persistent already', async () => {
    const persist = vi.fn(async () => true);
    stubStorage({ persist, persisted: async () => true });
    await expect(requestPersistentStorage('u3')).resolves.toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('answers null where the browser has no StorageManager', async () => {
    stubStorage(undefined);
    await expect(requestPersistentStorage('u4')).resolves.toBeNull();
  });
});

describe('estimateStorage', () => {
  afterEach(() => stubStorage(undefined));

  it('reports usage, quota and persistence', async () => {
    stubStorage({ estimate: async () => ({ usage: 2048, quota: 1_000_000 }), persisted: async () => true });
    await expect(estimateStorage()).resolves.toEqual({ usage: 2048, quota: 1_000_000, persisted: true });
  });

  it('reports unknowns as null rather than failing', async () => {
    stubStorage({ estimate: async () => Promise.reject(new Error('no')) });
    await expect(estimateStorage()).resolves.toEqual({ usage: null, quota: null, persisted: null });
  });
});

describe('formatBytes', () => {
  it('uses the largest unit under 1024, with up to 3 significant digits', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(52_428_800)).toBe('50 MB');
    expect(formatBytes(300 * 1024 ** 3)).toBe('300 GB');
  });
});

describe('reportStorageError', () => {
  it('tells the listeners about a QuotaExceededError, also wrapped by Dexie', () => {
    const heard: unknown[] = [];
    const stop = onStorageFull((e) => heard.push(e));
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(reportStorageError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(reportStorageError(new Error('other'))).toBe(false);
    stop();
    expect(heard).toHaveLength(1);
  });
});
