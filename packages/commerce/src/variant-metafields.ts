/**
 * Variant metafields in batches (`/catalog/variants/metafields`, product-variants_catalog.v3.yml):
 * create, update and delete at most MAX_METAFIELD_BATCH a request, one request after another,
 * every write ending applied or failed; and the store's metafields read a page at a time.
 *
 * A batch the store applied in part answers 422 with the applied items in `data` and one error
 * per refused item: the fetch of these calls hands that answer on as a 207 (the transport keeps
 * no body of a refusal), and a write is applied exactly when `data` holds it (a create matched by
 * variant, namespace and key; an update and a delete by id). Each refusal's reason and status are
 * read from the error naming the item (by its place in a create, its id in an update or delete).
 */
import { BigCommerceError } from './errors';
import { MAX_PAGE_SIZE } from './products';
import type { Transport } from './transport';
import { MAX_METAFIELD_BATCH } from './variant-metafield-types';
import type {
  MetafieldPermission, MetafieldWriteFailure, MetafieldWriteResult, NewVariantMetafield, VariantMetafield, VariantMetafieldPage, VariantMetafieldUpdate,
} from './variant-metafield-types';
import { collectionData, paginationOf } from './wire';

interface WireMetafield {
  id: number;
  resource_id: number;
  namespace: string;
  key: string;
  value: string;
  permission_set: MetafieldPermission;
  description?: string;
  owner_client_id?: string;
}

interface WireItemError {
  status?: number;
  title?: string;
  errors?: Record<string, unknown>;
}

const PATH = '/catalog/variants/metafields';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The body is a batch the store applied in part: its applied items and its refusals. */
const isPartialSuccess = (body: unknown): body is { data: unknown[]; errors: unknown[] } => isObject(body) && Array.isArray(body.data) && Array.isArray(body.errors);

/** The fetch of metafield batches: a 422 that is a partial success reaches the caller as a 207 (same body and headers). */
export function partialSuccessAs207(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    if (res.status !== 422) return res;
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return new Response(text, { status: isPartialSuccess(body) ? 207 : 422, headers: res.headers });
  };
}

function mapMetafield(m: WireMetafield): VariantMetafield {
  return {
    id: m.id, variantId: m.resource_id, namespace: m.namespace, key: m.key, value: m.value, permissionSet: m.permission_set,
    description: m.description ?? '', ownerClientId: typeof m.owner_client_id === 'string' && m.owner_client_id !== '' ? m.owner_client_id : null,
  };
}

const isMetafield = (m: unknown): m is WireMetafield => isObject(m) && typeof m.id === 'number' && typeof m.resource_id === 'number';

const text = (value: string | undefined, name: string, min: number, max: number): string | undefined =>
  value === undefined || (value.length >= min && value.length <= max) ? undefined : `${name} must be ${min} to ${max} characters`;
const positiveId = (id: number, name: string): string | undefined => (Number.isSafeInteger(id) && id > 0 ? undefined : `${name} must be a positive integer`);

const invalidNew = (w: NewVariantMetafield) =>
  positiveId(w.variantId, 'variantId') ?? text(w.namespace, 'namespace', 1, 64) ?? text(w.key, 'key', 1, 64) ?? text(w.value, 'value', 1, 65_535) ?? text(w.description, 'description', 0, 255);
const invalidUpdate = (u: VariantMetafieldUpdate) => positiveId(u.id, 'id') ?? text(u.value, 'value', 1, 65_535) ?? text(u.description, 'description', 0, 255);

/** Each refused item's reason and status, by the label the store keyed it with. */
function refusals(body: unknown): Map<string, { reason: string; status: number | null }> {
  const found = new Map<string, { reason: string; status: number | null }>();
  for (const e of isPartialSuccess(body) ? (body.errors as WireItemError[]) : []) {
    if (!isObject(e)) continue;
    for (const [label, message] of Object.entries(isObject(e.errors) ? e.errors : {})) {
      found.set(label, { reason: `${e.title ?? 'Refused'}${typeof message === 'string' ? `: ${message}` : ''}`, status: typeof e.status === 'number' ? e.status : null });
    }
  }
  return found;
}

interface BatchSpec<W, A> {
  method: 'POST' | 'PUT' | 'DELETE';
  invalid: (write: W) => string | undefined;
  wire: (write: W) => unknown;
  /** Splits a batch by the store's answer into applied and refused writes. */
  read: (batch: readonly W[], body: unknown, result: MetafieldWriteResult<W, A>) => void;
}

/**
 * Sends the writes in batches, one after another. A batch refused whole (400 and the like) fails
 * permanently and the next is sent; a passing failure the transport's retries did not overcome
 * (5xx, network, timeout, rate limit), or an auth failure, fails it and every batch after it.
 * Throws only when the caller aborts (batches already sent stay applied).
 */
async function inBatches<W, A>(transport: Transport, writes: readonly W[], spec: BatchSpec<W, A>, signal?: AbortSignal): Promise<MetafieldWriteResult<W, A>> {
  const result: MetafieldWriteResult<W, A> = { applied: [], failed: [] };
  const sendable: W[] = [];
  for (const write of writes) {
    const reason = spec.invalid(write);
    if (reason === undefined) sendable.push(write);
    else result.failed.push({ write, reason, permanent: true, status: null });
  }
  for (let start = 0; start < sendable.length; start += MAX_METAFIELD_BATCH) {
    const batch = sendable.slice(start, start + MAX_METAFIELD_BATCH);
    try {
      const { body } = await transport.send({ method: spec.method, path: PATH, body: batch.map(spec.wire), purpose: 'write', signal });
      spec.read(batch, body, result);
    } catch (err) {
      if (!(err instanceof BigCommerceError) || err.kind === 'aborted') throw err;
      const passing = err.kind === 'server' || err.kind === 'network' || err.kind === 'timeout' || err.kind === 'rate_limited';
      const failure = (write: W): MetafieldWriteFailure<W> => ({ write, reason: err.message, permanent: !passing, status: err.status });
      if (err.kind === 'validation' || err.kind === 'not_found') {
        result.failed.push(...batch.map(failure));
        continue;
      }
      result.failed.push(...sendable.slice(start).map(failure));
      break;
    }
  }
  return result;
}

/** Splits a batch by `data`: a write `claim` finds there was applied; the others are looked up in the refusals by their label. */
function splitBy<W, A>(batch: readonly W[], claim: (w: W) => A | undefined, labelOf: (w: W, index: number) => string, body: unknown, result: MetafieldWriteResult<W, A>) {
  const refused = refusals(body);
  batch.forEach((write, index) => {
    const done = claim(write);
    if (done !== undefined) {
      result.applied.push(done);
      return;
    }
    const why = refused.get(labelOf(write, index));
    result.failed.push({ write, reason: why?.reason ?? 'The store did not apply it', permanent: true, status: why?.status ?? null });
  });
}

const createdKey = (variantId: number, namespace: string, key: string) => JSON.stringify([variantId, namespace, key]);

export function createVariantMetafields(transport: Transport, writes: readonly NewVariantMetafield[], signal?: AbortSignal) {
  return inBatches<NewVariantMetafield, { write: NewVariantMetafield; metafield: VariantMetafield }>(transport, writes, {
    method: 'POST',
    invalid: invalidNew,
    wire: (w) => ({ resource_id: w.variantId, namespace: w.namespace, key: w.key, value: w.value, permission_set: w.permissionSet, ...(w.description === undefined ? {} : { description: w.description }) }),
    read: (batch, body, result) => {
      // Each created metafield answers one write: a second write of the same variant, namespace and key was refused (409).
      const created = new Map(collectionData<unknown>(body).filter(isMetafield).map((m) => [createdKey(m.resource_id, m.namespace, m.key), mapMetafield(m)]));
      const claim = (w: NewVariantMetafield) => {
        const key = createdKey(w.variantId, w.namespace, w.key);
        const metafield = created.get(key);
        created.delete(key);
        return metafield && { write: w, metafield };
      };
      splitBy(batch, claim, (_, index) => String(index), body, result);
    },
  }, signal);
}

export function updateVariantMetafields(transport: Transport, updates: readonly VariantMetafieldUpdate[], signal?: AbortSignal) {
  return inBatches<VariantMetafieldUpdate, VariantMetafield>(transport, updates, {
    method: 'PUT',
    invalid: invalidUpdate,
    wire: (u) => ({ id: u.id, ...(u.value === undefined ? {} : { value: u.value }), ...(u.description === undefined ? {} : { description: u.description }) }),
    read: (batch, body, result) => {
      const updated = new Map(collectionData<unknown>(body).filter(isMetafield).map((m) => [m.id, mapMetafield(m)]));
      splitBy(batch, (u) => updated.get(u.id), (u) => String(u.id), body, result);
    },
  }, signal);
}

export function deleteVariantMetafields(transport: Transport, ids: readonly number[], signal?: AbortSignal) {
  return inBatches<number, number>(transport, ids, {
    method: 'DELETE',
    invalid: (id) => positiveId(id, 'id'),
    wire: (id) => id,
    read: (batch, body, result) => {
      const deleted = new Set(collectionData<unknown>(body).filter((id): id is number => typeof id === 'number'));
      splitBy(batch, (id) => (deleted.has(id) ? id : undefined), String, body, result);
    },
  }, signal);
}

/** The store's variant metafields (of a namespace and key, when given) a page at a time, 250 a page by default; break to stop. */
export async function* variantMetafieldPages(
  transport: Transport,
  query: { namespace?: string; key?: string; limit?: number } = {},
  signal?: AbortSignal,
): AsyncGenerator<VariantMetafieldPage> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.limit ?? MAX_PAGE_SIZE)));
  for (let page = 1; ; page++) {
    const { body } = await transport.send({ method: 'GET', path: PATH, query: { namespace: query.namespace, key: query.key, limit, page }, purpose: 'read', signal });
    const metafields = collectionData<unknown>(body).filter(isMetafield).map(mapMetafield);
    const { totalPages } = paginationOf(body);
    yield { metafields, page, totalPages: Math.max(totalPages, metafields.length > 0 ? page : 0) };
    if (page >= totalPages || metafields.length === 0) return;
  }
}
