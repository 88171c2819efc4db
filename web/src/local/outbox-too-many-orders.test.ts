/**
 * The outbox and the work-order caps (issue 14): a queued work order the server answers with
 * 429 TOO_MANY_ORDERS (the company has too many orders waiting) is temporary: it stays queued
 * with the server's message and goes once there is room, never dropped; a submission the user
 * waits for gets the message and keeps its draft.
 */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { tooManyOrdersMessage } from '@catalog/contracts/work-order-rules';
import type { CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCatalogServer, product } from '../testing/fake-catalog-server';
import type { DraftRow, OutboxEntry } from './catalog-db';
import { deviceCatalog } from './device-catalog';
import { createOutbox, type Outbox } from './outbox';
import { classifyFailure } from './outbox-sender';

let uid = 0;
let online = true;
/** What the server answers, one per call; then the order is created. */
let plan: Array<ApiError | 'ok'> = [];
const sent: string[] = [];
let outbox: Outbox;

const tooMany = () => new ApiError(ErrorCode.TOO_MANY_ORDERS, tooManyOrdersMessage('immediate'), { status: 429 });

beforeEach(async () => {
  online = true;
  plan = [];
  sent.length = 0;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  const server = new FakeCatalogServer();
  server.putProduct(product(1, { name: 'Mug', regularPrice: '10.00' }));
  outbox = createOutbox({
    db: deviceCatalog.db,
    transport: async (entry: OutboxEntry) => {
      sent.push(entry.id);
      const step = plan.shift() ?? 'ok';
      if (step instanceof ApiError) throw step;
      return { id: entry.id };
    },
  });
  deviceCatalog.open(`outbox-caps-${++uid}`, { fetchChanges: async (c) => server.changes(c) });
  await deviceCatalog.pullNow();
});

afterEach(() => {
  outbox.stop();
  deviceCatalog.close();
  vi.useRealTimers();
});

const db = () => deviceCatalog.db()!;
const entries = () => db().outbox.orderBy('seq').toArray();
const body = (id: string): CreateWorkOrderInput & { id: string } => ({
  id, title: 'Summer sale', productUpdates: [{ productId: 1, productName: 'Mug', newRegularPrice: '12.00' }], scheduledAt: null, executeImmediately: true,
});
const draft = (id: string): DraftRow => ({ id, title: 'Summer sale', productCount: 1, createdAt: 1, updatedAt: 1, state: { id } });

describe('a work order over the company\'s cap', () => {
  it('is a temporary failure', () => {
    expect(classifyFailure(tooMany())).toBe('temporary');
  });

  it('stays queued with the server\'s message when a replay is answered TOO_MANY_ORDERS, and is sent once there is room', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const id = crypto.randomUUID();
    online = false;
    expect((await outbox.enqueueWorkOrder(body(id), draft(id))).state).toBe('queued');

    online = true;
    plan = [tooMany(), tooMany()];
    await outbox.flush({ force: true });
    expect(sent).toEqual([id]);
    expect(await entries()).toMatchObject([{ id, kind: 'createWorkOrder', status: 'queued', attempts: 1, error: tooManyOrdersMessage('immediate') }]);
    await outbox.flush({ force: true });
    expect(await entries()).toMatchObject([{ id, status: 'queued', attempts: 2 }]);

    // Room again: the next attempt (after its backoff) creates it, with the same id.
    await vi.advanceTimersByTimeAsync(60_000);
    await outbox.flush();
    expect(sent).toEqual([id, id, id]);
    expect(await entries()).toEqual([]);
  });

  it('when the user waits for it, stays queued too and answers with the server\'s reason', async () => {
    const id = crypto.randomUUID();
    plan = [tooMany()];
    const outcome = await outbox.enqueueWorkOrder(body(id), draft(id));
    expect(outcome).toEqual({ state: 'queued', reason: tooManyOrdersMessage('immediate') });
    expect(await entries()).toMatchObject([{ id, kind: 'createWorkOrder', status: 'queued', attempts: 1, draft: { id } }]);
    expect(sent).toEqual([id]);
  });

  it('when the user waits for it, another refusal still goes back to the form with its draft', async () => {
    const id = crypto.randomUUID();
    plan = [new ApiError(ErrorCode.VALIDATION, 'Title is required')];
    const outcome = await outbox.enqueueWorkOrder(body(id), draft(id));
    expect(outcome).toMatchObject({ state: 'failed', error: { code: ErrorCode.VALIDATION } });
    expect(await db().drafts.get(id)).toMatchObject({ id, title: 'Summer sale' });
  });
});
