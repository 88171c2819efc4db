/**
 * An outbox made by createOutbox: its onSent listeners, stop(), no database (signed out), and
 * the send lock taken only when something is queued.
 */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { describe, expect, it, vi } from 'vitest';
import { api, entries, outbox, setOnline, setUpOutboxHarness } from '../testing/outbox-harness';
import { deviceCatalog } from './device-catalog';

setUpOutboxHarness();

describe('an outbox made by createOutbox', () => {
  it('tells its onSent listeners about each entry the server accepted, a failing listener not stopping the others', async () => {
    const heard: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    outbox.onSent(() => {
      throw new Error('listener bug');
    });
    const stop = outbox.onSent((entry, response) => heard.push(`${entry.kind} ${JSON.stringify(response)}`));
    const outcome = await outbox.enqueueProductPrice(1, { salePrice: '8.00' }, 'Mug');
    expect(outcome.state).toBe('sent');
    expect(heard).toEqual([`productPrice ${JSON.stringify({ ok: true, id: api.applied[0]!.id })}`]);
    stop();
    await outbox.enqueueProductPrice(2, { salePrice: '18.00' }, 'Shirt');
    expect(heard).toHaveLength(1);
  });

  it('sends nothing more once stopped, not even its scheduled retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setOnline(false);
    await outbox.enqueueProductPrice(1, { salePrice: '3.00' }, 'Mug');
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.INTERNAL, 'Server error')];
    await outbox.flush({ force: true });
    expect(api.calls).toHaveLength(1);
    outbox.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    await outbox.flush({ force: true });
    expect(api.calls).toHaveLength(1);
    expect(await entries()).toMatchObject([{ status: 'queued', attempts: 1 }]);
  });

  it("takes the send lock only when something is queued (the browser's first lock request is a long task)", async () => {
    const request = vi.fn((_name: string, fn: () => Promise<void>) => fn());
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    try {
      await outbox.flush({ force: true });
      expect(request).not.toHaveBeenCalled();
      setOnline(false);
      await outbox.enqueueProductPrice(1, { salePrice: '3.00' }, 'Mug');
      setOnline(true);
      await outbox.flush({ force: true });
      expect(request).toHaveBeenCalledWith('outbox-send', expect.any(Function));
      expect(api.applied).toHaveLength(1);
      expect(await entries()).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('refuses a write while no database is open (signed out)', async () => {
    deviceCatalog.close();
    await expect(outbox.enqueueProductPrice(1, { salePrice: '3.00' }, 'Mug')).rejects.toThrow('Not signed in on this device');
    await expect(outbox.discard('x')).rejects.toThrow('Not signed in on this device');
    expect(await outbox.countOpenEntries()).toBe(0);
  });
});
