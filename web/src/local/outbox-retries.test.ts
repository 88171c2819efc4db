/**
 * The outbox's retries: a replay while the first request still runs (409 IN_PROGRESS), the
 * server's Retry-After (429), which failures are temporary, and the backoff.
 */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { describe, expect, it, vi } from 'vitest';
import { api, BACKOFF_MAX_FOR_FIRST, entries, local, outbox, setOnline, setUpOutboxHarness } from '../testing/outbox-harness';
import { backoffMs, classifyFailure } from './outbox-sender';

setUpOutboxHarness();

describe('a replay while the first request still runs (409 IN_PROGRESS)', () => {
  it('while the user waits: the edit stays on the device, queued with the reason, not undone', async () => {
    const stillRunning = 'The first request with this Idempotency-Key is still being processed. Try again in a moment.';
    api.plan = [new ApiError(ErrorCode.IN_PROGRESS, stillRunning)];
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '7.00' }, 'Mug');
    expect(outcome).toMatchObject({ state: 'queued', reason: stillRunning });
    expect(await entries()).toMatchObject([{ status: 'queued', attempts: 1, error: stillRunning }]);
    expect(await local(1)).toMatchObject({ salePrice: '7.00', pending: true });
  });

  it('stays queued and goes again after its backoff; a 409 CONFLICT with the same words is rejected', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stillRunning = 'The first request with this Idempotency-Key is still being processed. Try again in a moment.';
    setOnline(false);
    await outbox.enqueueProductPrice(1, { salePrice: '4.00' }, 'Mug');
    const [entry] = await entries();
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.IN_PROGRESS, stillRunning)];
    await outbox.flush({ force: true });
    expect(await entries()).toMatchObject([{ id: entry!.id, status: 'queued', attempts: 1, error: stillRunning }]);
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_FOR_FIRST);
    await outbox.flush();
    expect(api.calls).toEqual([entry!.id, entry!.id]);
    expect(await entries()).toEqual([]);

    setOnline(false);
    await outbox.enqueueProductPrice(2, { salePrice: '14.00' }, 'Shirt');
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.CONFLICT, stillRunning)];
    await outbox.flush({ force: true });
    expect(await entries()).toMatchObject([{ status: 'rejected', error: stillRunning }]);
  });
});

describe('rate limited (429 with Retry-After)', () => {
  it("a replay waits the server's Retry-After rather than the shorter backoff, then goes", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setOnline(false);
    await outbox.enqueueProductPrice(1, { salePrice: '6.00' }, 'Mug');
    const [entry] = await entries();
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.RATE_LIMITED, 'Too many requests. Try again in 30 seconds.', { retryAfterMs: 30_000 })];
    const started = Date.now();
    await outbox.flush({ force: true });
    const [waiting] = await entries();
    expect(waiting).toMatchObject({ id: entry!.id, status: 'queued', attempts: 1, error: 'Too many requests. Try again in 30 seconds.' });
    expect(waiting!.nextAttemptAt).toBe(started + 30_000);
    // The backoff alone (1 s) would have sent it by now: not before the server said.
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.calls).toEqual([entry!.id]);
    await vi.advanceTimersByTimeAsync(1_100);
    await outbox.flush();
    expect(api.calls).toEqual([entry!.id, entry!.id]);
    expect(await entries()).toEqual([]);
  });

  it('a Retry-After shorter than the backoff does not hurry it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setOnline(false);
    await outbox.enqueueProductPrice(1, { salePrice: '6.50' }, 'Mug');
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.RATE_LIMITED, 'Too many requests. Try again in 1 seconds.', { retryAfterMs: 0 })];
    const started = Date.now();
    await outbox.flush({ force: true });
    expect((await entries())[0]!.nextAttemptAt).toBeGreaterThanOrEqual(started + 500);
  });
});

describe('failure classes and backoff', () => {
  it('retries what may succeed later, keeps what never will', () => {
    expect(classifyFailure(new Error('Network error'))).toBe('temporary');
    for (const [code, status] of [[ErrorCode.UNAUTHENTICATED, 401], [ErrorCode.RATE_LIMITED, 429], [ErrorCode.INTERNAL, 500], [ErrorCode.UPSTREAM, 502]] as const) {
      expect(classifyFailure(new ApiError(code, 'x', { status })), String(status)).toBe('temporary');
    }
    // By its code alone: the first request with this key still runs.
    expect(classifyFailure(new ApiError(ErrorCode.IN_PROGRESS, 'x'))).toBe('temporary');
    // A 409 CONFLICT is never retried, whatever its message says.
    expect(classifyFailure(new ApiError(ErrorCode.CONFLICT, 'The first request with this Idempotency-Key is still being processed. Try again in a moment.'))).toBe('permanent');
    for (const code of [ErrorCode.VALIDATION, ErrorCode.NOT_FOUND, ErrorCode.FORBIDDEN, ErrorCode.PLAN_LIMIT, ErrorCode.CONFLICT]) {
      expect(classifyFailure(new ApiError(code, 'x')), code).toBe('permanent');
    }
  });

  it('doubles up to a minute, with jitter in the upper half', () => {
    expect(backoffMs(1, () => 0)).toBe(500);
    expect(backoffMs(1, () => 1)).toBe(1_000);
    expect(backoffMs(3, () => 1)).toBe(4_000);
    expect(backoffMs(20, () => 1)).toBe(60_000);
  });
});
