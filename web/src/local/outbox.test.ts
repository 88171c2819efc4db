/**
 * Price edits through the outbox (createOutbox) against a local catalog in fake IndexedDB and a
 * fake API that applies each Idempotency-Key once (testing/outbox-harness.ts): queued with their
 * local change, sent in order, replayed after a lost answer, refused now or later. Retries and
 * failure classes: outbox-retries.test.ts; work orders: outbox-work-orders.test.ts; the outbox
 * object itself: outbox-instance.test.ts.
 */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { describe, expect, it, vi } from 'vitest';
import { HEALTH_PATH, onReconnect, reportNoAnswer } from '../lib/connectivity';
import { product, variant } from '../testing/fake-catalog-server';
import { api, BACKOFF_MAX_FOR_FIRST, entries, local, outbox, replaceOutbox, server, setOnline, settle, setUpOutboxHarness } from '../testing/outbox-harness';
import { queryCatalog } from './catalog-query';
import { deviceCatalog } from './device-catalog';

setUpOutboxHarness();

describe('price edits through the outbox', () => {
  it('online: sends at once with the entry id as Idempotency-Key, and the edit settles', async () => {
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '8.00' }, 'Mug');
    expect(outcome.state).toBe('sent');
    expect(api.applied).toHaveLength(1);
    expect(api.applied[0]).toMatchObject({ kind: 'productPrice', request: { method: 'PUT', path: '/api/products/1', body: { salePrice: '8.00' } } });
    await settle();
    expect(await entries()).toEqual([]);
    expect(await local(1)).toMatchObject({ salePrice: '8.00', regularPrice: '10.00' });
    expect((await local(1)).pending).toBeUndefined();
  });

  it('offline: shows the edit at once, marked pending, sends nothing; back online it reaches the server once', async () => {
    setOnline(false);
    const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '12.50' }, 'Mug');
    expect(outcome.state).toBe('queued');
    expect(api.calls).toEqual([]);
    expect(await local(1)).toMatchObject({ regularPrice: '12.50', pending: true });
    // The in-memory index answers with the new row too (what the products screen shows).
    expect((await queryCatalog({ search: 'mug', page: 1, pageSize: 20 })).products[0]).toMatchObject({ regularPrice: '12.50', pending: true });

    setOnline(true);
    await outbox.flush({ force: true });
    await settle();
    expect(api.applied).toHaveLength(1);
    expect(await entries()).toEqual([]);
    const row = await local(1);
    expect(row.regularPrice).toBe('12.50');
    expect(row.pending).toBeUndefined();
  });

  it('with the server gone quiet (the browser online), queues the edit and asks the server at once; its answer sends it', async () => {
    // As the signed-in layout does (use-local-catalog.ts): back online, the outbox is sent.
    const stopReconnect = onReconnect(() => void outbox.flush({ force: true }));
    reportNoAnswer();
    // The server's answer takes a moment: the submitter hears 'queued' first.
    const health = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 100));
      return new Response('{"status":"ok"}', { status: 200 });
    });
    vi.stubGlobal('fetch', health);
    try {
      const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '13.00' }, 'Mug');
      expect(outcome.state).toBe('queued');
      expect(api.calls).toEqual([]);
      expect(health).toHaveBeenCalledWith(HEALTH_PATH, expect.anything());
      await vi.waitFor(() => expect(api.applied).toHaveLength(1)); // the reconnect flushed it
      await settle();
      expect(await local(1)).toMatchObject({ regularPrice: '13.00' });
    } finally {
      stopReconnect();
      vi.unstubAllGlobals();
    }
  });

  it('keeps an unsent edit on top of the rows a pull brings', async () => {
    setOnline(false);
    await outbox.enqueueVariantPrice({ id: 21, productId: 2 }, { salePrice: '15.00' }, 'Shirt');
    // Meanwhile the store changed the product (name) and the other variant.
    server.putProduct(product(2, { name: 'Shirt (new)', regularPrice: '20.00' }));
    server.putVariant(variant(22, 2, { regularPrice: '23.00' }));
    server.putVariant(variant(21, 2, { regularPrice: '21.00' }));
    setOnline(true);
    replaceOutbox(async () => {
      throw new Error('Network error'); // the edit cannot go yet; the pull can
    });
    await deviceCatalog.pullNow();
    const row = await local(2);
    expect(row.name).toBe('Shirt (new)');
    expect(row.pending).toBe(true);
    expect(row.variants.find((v) => v.id === 21)).toMatchObject({ regularPrice: '21.00', salePrice: '15.00', pending: true });
    expect(row.variants.find((v) => v.id === 22)).toMatchObject({ regularPrice: '23.00' });
    expect(row.variants.find((v) => v.id === 22)!.pending).toBeUndefined();
    // The sale filter counts the pending sale price.
    expect((await queryCatalog({ saleOnly: true, page: 1, pageSize: 20 })).products.map((p) => p.id)).toEqual([2]);
  });

  it('replays after a lost answer with the same key: applied once on the server', async () => {
    api.plan = ['lost'];
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '7.00' }, 'Mug');
    expect(outcome.state).toBe('queued');
    const [queued] = await entries();
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    await outbox.flush({ force: true });
    await settle();
    expect(api.calls).toEqual([queued!.id, queued!.id]);
    expect(api.applied).toHaveLength(1);
    expect(await entries()).toEqual([]);
  });

  it('the submitter hears of its first attempt: a lost answer is "queued" even when the reconnect sends it again at once', async () => {
    api.plan = ['lost'];
    let calls = 0;
    replaceOutbox((entry) => {
      // The connection comes back while the first attempt is still out (another request answered).
      if (++calls === 1) void outbox.flush({ force: true });
      return api.send(entry);
    });
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '7.00' }, 'Mug');
    expect(outcome.state).toBe('queued');
    await settle();
    expect(api.calls).toHaveLength(2);
    expect(api.applied).toHaveLength(1);
    expect(await entries()).toEqual([]);
  });

  it('online, a refusal by the server changes nothing on the device', async () => {
    api.plan = [new ApiError(ErrorCode.UPSTREAM, 'The store refused the change: price too high')];
    const outcome = await outbox.enqueueProductPrice(1, { regularPrice: '99.00' }, 'Mug');
    expect(outcome).toMatchObject({ state: 'failed' });
    expect(await entries()).toEqual([]);
    expect(await local(1)).toMatchObject({ regularPrice: '10.00' });
    expect((await local(1)).pending).toBeUndefined();
  });

  it('a replay refused for good is kept with the message and the price goes back; discarding removes it', async () => {
    setOnline(false);
    await outbox.enqueueProductPrice(1, { salePrice: '9.00' }, 'Mug');
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.NOT_FOUND, 'Product not found')];
    await outbox.flush({ force: true });
    const [rejected] = await entries();
    expect(rejected).toMatchObject({ status: 'rejected', error: 'Product not found', label: 'Mug' });
    expect(await local(1)).toMatchObject({ salePrice: null });
    expect((await local(1)).pending).toBeUndefined();
    await outbox.discard(rejected!.id);
    expect(await entries()).toEqual([]);
    expect(await local(1)).toMatchObject({ salePrice: null, regularPrice: '10.00' });
  });

  it('discarding a queued edit puts the price back', async () => {
    setOnline(false);
    await outbox.enqueueVariantPrice({ id: 22, productId: 2 }, { regularPrice: '30.00' }, 'Shirt');
    expect((await local(2)).variants.find((v) => v.id === 22)).toMatchObject({ regularPrice: '30.00', pending: true });
    const [entry] = await entries();
    await outbox.discard(entry!.id);
    const row = await local(2);
    expect(row.variants.find((v) => v.id === 22)).toMatchObject({ regularPrice: '22.00' });
    expect(row.pending).toBeUndefined();
  });

  it('replays in order and stops at a temporary failure, then retries with backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setOnline(false);
    await outbox.enqueueProductPrice(1, { salePrice: '5.00' }, 'Mug');
    await outbox.enqueueProductPrice(2, { salePrice: '15.00' }, 'Shirt');
    const [first, second] = await entries();
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.INTERNAL, 'Server error')];
    await outbox.flush({ force: true });
    // The first failed for now: the second must not overtake it.
    expect(api.calls).toEqual([first!.id]);
    const [waiting] = await entries();
    expect(waiting).toMatchObject({ id: first!.id, status: 'queued', attempts: 1, error: 'Server error' });
    expect(waiting!.nextAttemptAt).toBeGreaterThan(Date.now());
    // Not before the backoff...
    await outbox.flush();
    expect(api.calls).toEqual([first!.id]);
    // ...then both, in order.
    await vi.advanceTimersByTimeAsync(BACKOFF_MAX_FOR_FIRST);
    await outbox.flush();
    expect(api.calls).toEqual([first!.id, first!.id, second!.id]);
    expect(await entries()).toEqual([]);
  });
});
