/** Work orders through the outbox: the draft leaves with the entry, and comes back when refused. */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { describe, expect, it } from 'vitest';
import { api, db, entries, outbox, setOnline, setUpOutboxHarness } from '../testing/outbox-harness';
import type { DraftRow } from './catalog-db';

setUpOutboxHarness();

describe('work orders through the outbox', () => {
  const body = (id: string): CreateWorkOrderInput & { id: string } => ({
    id,
    title: 'Summer sale',
    productUpdates: [{ productId: 1, salePrice: '8.00' }],
  } as unknown as CreateWorkOrderInput & { id: string });
  const draft = (id: string): DraftRow => ({ id, title: 'Summer sale', productCount: 1, createdAt: 1, updatedAt: 1, state: { id } });

  it('the draft leaves in the same transaction as the entry is written; sent once online', async () => {
    const id = crypto.randomUUID();
    await db().drafts.put(draft(id));
    setOnline(false);
    expect((await outbox.enqueueWorkOrder(body(id), draft(id))).state).toBe('queued');
    expect(await db().drafts.get(id)).toBeUndefined();
    expect(await entries()).toMatchObject([{ id, kind: 'createWorkOrder', status: 'queued', label: 'Summer sale' }]);
    setOnline(true);
    await outbox.flush({ force: true });
    expect(api.applied.map((e) => e.id)).toEqual([id]);
    expect(await entries()).toEqual([]);
  });

  it('a refusal while the user waits puts the draft back', async () => {
    const id = crypto.randomUUID();
    api.plan = [new ApiError(ErrorCode.PLAN_LIMIT, 'Your plan allows 5 products per work order')];
    const outcome = await outbox.enqueueWorkOrder(body(id), draft(id));
    expect(outcome.state).toBe('failed');
    expect(await entries()).toEqual([]);
    expect(await db().drafts.get(id)).toMatchObject({ id, title: 'Summer sale' });
  });

  it('a queued order refused later stays, and Edit brings its draft back with the same id', async () => {
    const id = crypto.randomUUID();
    setOnline(false);
    await outbox.enqueueWorkOrder(body(id), draft(id));
    setOnline(true);
    api.plan = [new ApiError(ErrorCode.VALIDATION, 'Product 1 was not found')];
    await outbox.flush({ force: true });
    expect(await entries()).toMatchObject([{ id, status: 'rejected', error: 'Product 1 was not found' }]);
    expect(await outbox.restoreRejectedWorkOrder(id)).toBe(id);
    expect(await entries()).toEqual([]);
    expect(await db().drafts.get(id)).toMatchObject({ id, state: { id } });
  });
});
