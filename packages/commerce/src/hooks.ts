/**
 * Webhooks v3 (`/hooks`): the hooks this API account registered on the store, registering one
 * (scope, destination, custom headers that every delivery carries), reactivating one and deleting
 * one. Used to register the catalog's webhooks when a store is connected, remove them when it is
 * not, and reactivate those BigCommerce deactivated (after 48 hours of failed deliveries, or 90
 * days without any: webhooks-overview.mdx).
 */
import { isBigCommerceError } from './errors';
import type { Transport } from './transport';
import { collectionData, paginationOf } from './wire';

export interface StoreHook {
  id: number;
  scope: string;
  destination: string;
  isActive: boolean;
}

export interface NewStoreHook {
  scope: string;
  destination: string;
  /** Sent with every delivery (e.g. a shared secret the receiver checks). */
  headers: Record<string, string>;
}

interface WireHook {
  id: number;
  scope: string;
  destination: string;
  is_active?: boolean;
}

const toHook = (h: WireHook): StoreHook => ({ id: h.id, scope: h.scope, destination: h.destination, isActive: h.is_active ?? true });

/** Every hook of this API account on the store (all pages). */
export async function listHooks(transport: Transport, signal?: AbortSignal): Promise<StoreHook[]> {
  const hooks: StoreHook[] = [];
  for (let page = 1; ; page++) {
    const { body } = await transport.send({ method: 'GET', path: '/hooks', query: { page, limit: 250 }, purpose: 'read', signal });
    const data = collectionData<WireHook>(body);
    hooks.push(...data.map(toHook));
    if (data.length === 0 || page >= paginationOf(body).totalPages) return hooks;
  }
}

export async function createHook(transport: Transport, hook: NewStoreHook, signal?: AbortSignal): Promise<StoreHook> {
  const { body } = await transport.send({
    method: 'POST', path: '/hooks', purpose: 'write', signal,
    body: { scope: hook.scope, destination: hook.destination, is_active: true, headers: hook.headers },
  });
  return toHook((body as { data: WireHook }).data);
}

/** Turns a hook on or off (`PUT /hooks/{id}` with `is_active`; webhook_Put). */
export async function setHookActive(transport: Transport, id: number, isActive: boolean, signal?: AbortSignal): Promise<StoreHook> {
  const { body } = await transport.send({ method: 'PUT', path: `/hooks/${id}`, purpose: 'write', signal, body: { is_active: isActive } });
  return toHook((body as { data: WireHook }).data);
}

/** Deletes a hook; one already gone counts as deleted. */
export async function deleteHook(transport: Transport, id: number, signal?: AbortSignal): Promise<void> {
  try {
    await transport.send({ method: 'DELETE', path: `/hooks/${id}`, purpose: 'write', signal });
  } catch (err) {
    if (!isBigCommerceError(err, 'not_found')) throw err;
  }
}
