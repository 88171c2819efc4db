import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoStore } from './demo-store';
import { MAX_METAFIELD_BATCH } from './routes/variant-metafields';
import { MAX_METAFIELDS_PER_VARIANT } from './variant-metafields';
import type { BcMetafield } from './variant-metafields';

const demo = createDemoStore({ products: 20, seed: 'metafields' });
const headers = { 'X-Auth-Token': 'demo-token', 'Content-Type': 'application/json' };
const metafields = () => demo.store.account('demo')!.metafields;
const [first] = demo.store.catalog().variants();
/** A variant of another product than `first`'s. */
const second = demo.store.catalog().variants().find((v) => v.product_id !== first!.product_id);

const field = (resourceId: number, key: string, permission = 'read_and_sf_access') => ({ namespace: 'pricing', key, value: 'v', permission_set: permission, resource_id: resourceId });

async function send(method: string, path: string, body?: unknown) {
  const res = await demo.app.request(`/stores/demo/v3${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { data: BcMetafield[]; meta: Record<string, { links: Record<string, string>; end_cursor?: string }> } };
}

describe('variant metafields in the demo store', () => {
  beforeEach(() => demo.store.reset());

  it('keeps what other API accounts may see and change to the permission set, and the namespace and key to the owner', () => {
    const own = metafields().create(field(first!.id, 'private', 'app_only'), 'app');
    const readable = metafields().create(field(first!.id, 'shown', 'read_and_sf_access'), 'app');
    const shared = metafields().create(field(first!.id, 'shared', 'write'), 'app');
    if (!own.ok || !readable.ok || !shared.ok) throw new Error('created');
    expect(metafields().visibleTo('other').map((m) => m.key)).toEqual(['shown', 'shared']);
    expect(metafields().update(own.metafield.id, { value: 'x' }, 'other')).toMatchObject({ ok: false, status: 404 });
    expect(metafields().update(readable.metafield.id, { value: 'x' }, 'other')).toMatchObject({ ok: false, status: 403 });
    expect(metafields().update(shared.metafield.id, { key: 'renamed' }, 'other')).toMatchObject({ ok: false, status: 403 });
    expect(metafields().update(shared.metafield.id, { value: 'theirs' }, 'other')).toMatchObject({ ok: true, metafield: { value: 'theirs', owner_client_id: 'app' } });
    expect(metafields().delete(readable.metafield.id, 'other')).toMatchObject({ ok: false, status: 403 });
    expect(metafields().delete(shared.metafield.id, 'other').ok).toBe(true);
  });

  it('holds a namespace and key once per variant and API account, and 250 metafields per variant and account', () => {
    expect(metafields().create(field(first!.id, 'k'), 'app').ok).toBe(true);
    expect(metafields().create(field(first!.id, 'k'), 'app')).toMatchObject({ ok: false, status: 409 });
    expect(metafields().create(field(first!.id, 'k'), 'another app').ok).toBe(true);
    expect(metafields().create(field(second!.id, 'k'), 'app').ok).toBe(true);
    const renamed = metafields().create(field(second!.id, 'k2'), 'app');
    if (!renamed.ok) throw new Error('created');
    expect(metafields().update(renamed.metafield.id, { key: 'k' }, 'app')).toMatchObject({ ok: false, status: 409 });
    for (let i = metafields().visibleTo('app', second!.id).filter((m) => m.owner_client_id === 'app').length; i < MAX_METAFIELDS_PER_VARIANT; i++) {
      expect(metafields().create(field(second!.id, `n${i}`), 'app').ok).toBe(true);
    }
    expect(metafields().create(field(second!.id, 'one too many'), 'app')).toMatchObject({ ok: false, status: 422 });
    expect(metafields().create(field(999_999, 'k'), 'app')).toMatchObject({ ok: false, status: 422, errors: { resource_id: 'variant 999999 does not exist' } });
  });

  it('drops the metafields of a deleted product\'s variants', () => {
    metafields().create(field(first!.id, 'k'), 'app');
    metafields().create(field(second!.id, 'k'), 'app');
    demo.store.deleteProduct(first!.product_id);
    expect(metafields().visibleTo('app').map((m) => m.resource_id)).toEqual([second!.id]);
  });

  it('refuses a batch over the limit whole, creating nothing', async () => {
    const tooMany = await send('POST', '/catalog/variants/metafields', Array.from({ length: MAX_METAFIELD_BATCH + 1 }, (_, i) => field(first!.id, `k${i}`)));
    const atLimit = await send('POST', '/catalog/variants/metafields', Array.from({ length: MAX_METAFIELD_BATCH }, (_, i) => field(first!.id, `k${i}`)));
    expect([tooMany.status, atLimit.status, metafields().visibleTo('demo-client').length]).toEqual([400, 200, MAX_METAFIELD_BATCH]);
  });

  it('walks every metafield by cursor, forward and back, in the order asked', async () => {
    await send('POST', '/catalog/variants/metafields', ['a', 'b', 'c', 'd', 'e'].map((k) => field(first!.id, k)));
    const forward: string[] = [];
    let path = '/catalog/variants/metafields?limit=2&after=' + encodeURIComponent(Buffer.from('id:0').toString('base64'));
    for (;;) {
      const page = await send('GET', path);
      forward.push(...page.json.data.map((m) => m.key));
      const next = page.json.meta.cursor_pagination!.links.next;
      if (!next) break;
      path = `/catalog/variants/metafields${next}`;
    }
    expect(forward).toEqual(['a', 'b', 'c', 'd', 'e']);
    const back = await send('GET', `/catalog/variants/metafields?limit=2&before=${Buffer.from('id:4').toString('base64')}`);
    expect(back.json.data.map((m) => m.key)).toEqual(['b', 'c']);
    const descending = await send('GET', '/catalog/variants/metafields?direction=desc&limit=3');
    expect(descending.json.data.map((m) => m.key)).toEqual(['e', 'd', 'c']);
    expect(descending.json.meta.pagination).toMatchObject({ total: 5, total_pages: 2 });
    const bad = await send('GET', '/catalog/variants/metafields?after=not-a-cursor');
    expect(bad.status).toBe(422);
  });
});
