import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from './catalog-db';
import { deleteDraft, draftsAvailable, getDraft, saveDraft } from './drafts';
import { deviceCatalog } from './device-catalog';

let uid = 0;

beforeEach(async () => {
  deviceCatalog.open(`drafts-${++uid}`, { fetchChanges: async () => ({ changes: [], cursor: 0, hasMore: false }) as never });
  await deviceCatalog.ready();
});
afterEach(() => {
  deviceCatalog.close();
});

const ID = '6f1c3a52-8d4e-4b7a-9c21-0e5d3f4a6b7c';

describe('drafts', () => {
  it('saves a draft and keeps its creation time across later saves', async () => {
    const first = await saveDraft({ id: ID, title: 'Spring', productCount: 1, state: { a: 1 } }, 1_000);
    expect(first).toMatchObject({ id: ID, createdAt: 1_000, updatedAt: 1_000 });
    await saveDraft({ id: ID, title: 'Spring sale', productCount: 2, state: { a: 2 } }, 5_000);
    expect(await getDraft(ID)).toEqual({ id: ID, title: 'Spring sale', productCount: 2, state: { a: 2 }, createdAt: 1_000, updatedAt: 5_000 });
  });

  it('deletes a draft', async () => {
    await saveDraft({ id: ID, title: 'Spring', productCount: 0, state: {} });
    await deleteDraft(ID);
    expect(await getDraft(ID)).toBeUndefined();
  });

  it('never brings back the draft of an order that waits in the outbox', async () => {
    const db = deviceCatalog.db()!;
    const entry: OutboxEntry = {
      id: ID,
      kind: 'createWorkOrder',
      label: 'Spring',
      request: { method: 'POST', path: '/api/work-orders', body: {} },
      status: 'queued',
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 0,
    };
    await db.outbox.put(entry);
    expect(await saveDraft({ id: ID, title: 'Late autosave', productCount: 1, state: {} })).toBeNull();
    expect(await getDraft(ID)).toBeUndefined();
  });

  it('reads nothing and refuses to write while no user database is open', async () => {
    deviceCatalog.close();
    expect(draftsAvailable()).toBe(false);
    expect(await getDraft(ID)).toBeUndefined();
    await expect(saveDraft({ id: ID, title: 'x', productCount: 0, state: {} })).rejects.toThrow('Not signed in');
  });
});
