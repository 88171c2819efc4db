/**
 * What a store's price lists hang on, read whole: the price lists (`GET /v3/pricelists`), their
 * assignments (`GET /v3/pricelists/assignments`), the customer groups (Customers v2, `GET
 * /v2/customer_groups`) and the channels with their currencies (`GET /v3/channels?include=currencies`).
 * Each follows every page; none is large (a store has a handful of each).
 */
import { MAX_PAGE_SIZE } from './products';
import type { StoreChannel, StoreCustomerGroup, StorePriceList, StorePriceListAssignment } from './price-list-types';
import type { QueryValue, Transport } from './transport';
import { collectionData, paginationOf } from './wire';

interface WirePriceList {
  id: number;
  name?: string;
  active?: boolean;
  date_created?: string | null;
  date_modified?: string | null;
}

interface WireAssignment {
  id: number;
  price_list_id: number;
  customer_group_id?: number | null;
  channel_id?: number | null;
}

interface WireCustomerGroup {
  id: number;
  name?: string;
  is_default?: boolean;
}

interface WireChannelCurrencies {
  channel_id?: number;
  enabled_currencies?: string[];
  default_currency?: string | null;
}

interface WireChannel {
  id: number;
  name?: string;
  currencies?: WireChannelCurrencies;
}

/**
 * The transport sends below `/stores/{hash}/v3`; Customers v2 lives beside it at `/v2`. The URL
 * parser resolves the dot segment before the request leaves, so the store sees `/stores/{hash}/v2/...`.
 */
const V2 = '/../v2';

/** An ISO time, or null when the store sent none or an unreadable one. */
export function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Every item of a v3 collection, page by page (250 a page) until `meta.pagination` says the last. */
async function everyPage<T>(transport: Transport, path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const { body } = await transport.send({ method: 'GET', path, query: { ...query, limit: MAX_PAGE_SIZE, page }, purpose: 'read', signal });
    const data = collectionData<T>(body);
    items.push(...data);
    if (page >= paginationOf(body).totalPages || data.length === 0) return items;
  }
}

export async function getPriceLists(transport: Transport, signal?: AbortSignal): Promise<StorePriceList[]> {
  const lists = await everyPage<WirePriceList>(transport, '/pricelists', {}, signal);
  return lists
    .filter((l) => typeof l.id === 'number')
    .map((l) => ({ id: l.id, name: l.name ?? '', active: l.active ?? true, dateCreated: isoOrNull(l.date_created), dateModified: isoOrNull(l.date_modified) }))
    .sort((a, b) => a.id - b.id);
}

export async function getPriceListAssignments(transport: Transport, signal?: AbortSignal): Promise<StorePriceListAssignment[]> {
  const assignments = await everyPage<WireAssignment>(transport, '/pricelists/assignments', {}, signal);
  return assignments
    .filter((a) => typeof a.id === 'number' && typeof a.price_list_id === 'number')
    .map((a) => ({ id: a.id, priceListId: a.price_list_id, customerGroupId: a.customer_group_id ?? null, channelId: a.channel_id ?? null }))
    .sort((a, b) => a.id - b.id);
}

/** Customers v2 answers a bare array (or nothing, 204, past the last group): pages until a short one. */
export async function getCustomerGroups(transport: Transport, signal?: AbortSignal): Promise<StoreCustomerGroup[]> {
  const groups: StoreCustomerGroup[] = [];
  for (let page = 1; ; page++) {
    const { body } = await transport.send({
      method: 'GET', path: `${V2}/customer_groups`, query: { page, limit: MAX_PAGE_SIZE }, purpose: 'read', signal,
    });
    const data = Array.isArray(body) ? (body as WireCustomerGroup[]) : [];
    for (const g of data) if (typeof g.id === 'number') groups.push({ id: g.id, name: g.name ?? '', isDefault: g.is_default ?? false });
    if (data.length < MAX_PAGE_SIZE) return groups.sort((a, b) => a.id - b.id);
  }
}

/**
 * Every channel with its currencies (`include=currencies`); should a channel come without them,
 * the store's currency assignments (`/channels/currency-assignments`) are read once to fill them in.
 */
export async function getChannels(transport: Transport, signal?: AbortSignal): Promise<StoreChannel[]> {
  const channels = await everyPage<WireChannel>(transport, '/channels', { include: 'currencies' }, signal);
  let assignments: Map<number, WireChannelCurrencies> | undefined;
  if (channels.some((ch) => !ch.currencies)) {
    const { body } = await transport.send({ method: 'GET', path: '/channels/currency-assignments', purpose: 'read', signal });
    assignments = new Map(collectionData<WireChannelCurrencies>(body).map((c) => [c.channel_id ?? 0, c]));
  }
  return channels
    .filter((ch) => typeof ch.id === 'number')
    .map((ch) => {
      const currencies = ch.currencies ?? assignments?.get(ch.id);
      return {
        id: ch.id,
        name: ch.name ?? '',
        defaultCurrency: currencies?.default_currency ?? null,
        enabledCurrencies: [...(currencies?.enabled_currencies ?? [])],
      };
    })
    .sort((a, b) => a.id - b.id);
}
