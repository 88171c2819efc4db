/**
 * What the tenant and role matrix (tenant-matrix.test.ts) expects of each route and caller, and
 * the requests, bodies and leak checks it makes: the matrix's rules, apart from its setup and runs.
 */
import { can, whoCan, type Action } from '@catalog/contracts/permissions';
import type { Role } from '../db/repositories';
import type { RouteKey, RouteSpec } from '../routes/route-table';
import type { testUser } from './test-app';
import { LATER_END } from './times';

export type Caller = 'anonymous' | 'member' | 'admin' | 'owner' | 'otherOwner';
export const CALLERS: Caller[] = ['anonymous', 'member', 'admin', 'owner', 'otherOwner'];
export const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Two stores with disjoint product ids: A keeps products 101-104, B 105-108. */
export const STORES = {
  A: { hash: 'storealpha', accessToken: 'token-alpha-secret', clientId: 'client-alpha', seed: 'alpha', products: 8 },
  B: { hash: 'storebravo', accessToken: 'token-bravo-secret', clientId: 'client-bravo', seed: 'bravo', products: 8 },
} as const;
export const KEEP = { A: (id: number) => id <= 104, B: (id: number) => id >= 105 };
/** Prices nobody else has, so a price of the other company in a body is found. */
export const PRICE = { A: 4242.42, B: 31337.77 };

export type Person = ReturnType<typeof testUser> & { id: string };
export interface Company {
  key: 'A' | 'B';
  id: string;
  name: string;
  owner: Person;
  admin: Person;
  member: Person;
  productIds: number[];
  variantIds: number[];
  productNames: string[];
  /** The one price list of its store (A's and B's stores have none in common). */
  priceListId: number;
  workOrder: { id: string; title: string };
  backup: { id: string };
  invitation: { id: string; token: string; email: string };
}

export type Expect =
  | { kind: 'refused'; status: number; message?: string }
  | { kind: 'own' }
  | { kind: 'public' };

/** Routes whose request names records (in the path or the body): they run before any company changes itself. */
export const targetsRecords = (key: RouteKey, spec: RouteSpec) => spec.params !== undefined || key === 'POST /api/work-orders' || key.includes('/:');

export function roleOf(caller: Caller): Role | null {
  return caller === 'anonymous' ? null : caller === 'otherOwner' ? 'owner' : caller;
}

/** What `caller` must get from `key` at `path` (the module comment says why). */
export function expected(key: RouteKey, spec: RouteSpec, caller: Caller, path: string): Expect {
  // A sign-in code nobody issued: refused whoever sends it (a code signs in only the user it was issued for).
  if (key === 'POST /api/bigcommerce/sign-in') return { kind: 'refused', status: 401 };
  if (spec.access === 'public') return { kind: 'public' };
  if (spec.access === 'webhook') return { kind: 'refused', status: key === 'POST /api/stripe/webhook' ? 400 : 401 };
  const role = roleOf(caller);
  if (role === null) return { kind: 'refused', status: 401 };
  if (spec.access === 'self') {
    // The other company's invitation is addressed to someone else: by id it does not exist for them.
    if (key !== 'POST /api/invitations/:key/accept') return { kind: 'own' };
    return /^\/api\/invitations\/[0-9a-f-]{36}\/accept$/.test(path)
      ? { kind: 'refused', status: 404, message: 'Invitation not found or expired' }
      : { kind: 'refused', status: 403 };
  }
  const action = spec.access as Action;
  if (!can(role, action)) return { kind: 'refused', status: 403, message: whoCan(action) };
  if (targetsRecords(key, spec)) return { kind: 'refused', status: 404 };
  return { kind: 'own' };
}

/** The requests of one cell: the path with the target company's ids, and a body. */
export function requestsFor(key: RouteKey, own: Company, target: Company, caller: Caller): { path: string; body?: unknown }[] {
  const [method, pattern] = key.split(' ') as [string, string];
  const fill = (value: string | number) => pattern.replace(/:[a-z]+/, String(value));
  const body = bodyFor(key, own, target, caller);
  if (pattern === '/api/invitations/:key/accept') {
    // By id (from the invitee's list) and by token (from the link).
    return [{ path: fill(target.invitation.id) }, { path: fill(target.invitation.token) }];
  }
  // The prices at a moment: now.
  if (key === 'GET /api/backups/diff') return [{ path: `${pattern}?at=${encodeURIComponent(new Date().toISOString())}` }];
  if (!pattern.includes(':')) return [{ path: pattern, body }];
  const id = (() => {
    if (pattern.startsWith('/api/products/')) return target.productIds[0]!;
    if (pattern.startsWith('/api/variants/')) return target.variantIds[0]!;
    if (pattern.startsWith('/api/price-lists/')) return target.priceListId;
    if (pattern.startsWith('/api/work-orders/')) return target.workOrder.id;
    if (pattern.startsWith('/api/backups/')) return target.backup.id;
    if (pattern.startsWith('/api/company/users/')) return target.member.id;
    if (pattern === '/api/invitations/:token') return target.invitation.token;
    if (pattern.startsWith('/api/invitations/')) return target.invitation.id;
    if (pattern.startsWith('/api/webhooks/')) return target.id;
    throw new Error(`no id for ${key}: add one to the tenant matrix`);
  })();
  return [{ path: fill(id), body: method === 'GET' || method === 'DELETE' ? undefined : body }];
}

export function bodyFor(key: RouteKey, own: Company, target: Company, caller: Caller): unknown {
  switch (key) {
    case 'PUT /api/products/:id':
    case 'PUT /api/variants/:id':
      return { regularPrice: '1.23' };
    case 'POST /api/work-orders':
      return {
        title: 'Cross-tenant order',
        productUpdates: [{ productId: target.productIds[0], productName: 'Someone else\u2019s product', newRegularPrice: '1.00' }],
        executeImmediately: true,
      };
    case 'POST /api/bigcommerce/sign-in':
      return { code: 'A'.repeat(43) };
    case 'POST /api/settings': {
      const store = STORES[own.key];
      return { storeHash: store.hash, accessToken: store.accessToken, clientId: store.clientId };
    }
    case 'PUT /api/company/name':
      return { name: `${own.name} (renamed by ${caller})` };
    case 'PATCH /api/company/settings':
      return { guardrailThresholdPercent: 75 };
    case 'POST /api/work-orders/:id/reject':
      return { reason: `Rejected by ${caller}` };
    // A valid change: input is read before any record, so only a valid request reaches the other company's order.
    case 'PATCH /api/work-orders/:id':
      return { revertAt: LATER_END };
    case 'POST /api/invitations':
      return { email: `new-${own.key.toLowerCase()}-${caller}@example.com`, role: 'member' };
    case 'POST /api/backups/restore':
      return { at: new Date().toISOString() };
    case 'POST /api/subscription/checkout':
      return { plan: 'starter' };
    case 'POST /api/subscription/change':
      return { plan: 'trial' };
    case 'POST /api/stripe/webhook':
      return { id: 'evt_1', type: 'customer.subscription.deleted' };
    case 'POST /api/webhooks/bigcommerce/:id':
      return { scope: 'store/product/updated', producer: `stores/${STORES[target.key].hash}`, data: { type: 'product', id: target.productIds[0] } };
    default:
      return undefined;
  }
}

/** What must never reach anyone outside `company`: its names, ids, emails, prices, tokens. */
export function secretsOf(company: Company): { strings: string[]; numbers: Set<number> } {
  const store = STORES[company.key];
  const people = [company.owner, company.admin, company.member];
  return {
    strings: [
      company.id, company.name, store.hash, store.accessToken,
      ...people.flatMap((p) => [p.id, p.email]),
      ...company.productNames,
      PRICE[company.key].toFixed(2),
      company.workOrder.id, company.workOrder.title, company.backup.id,
      company.invitation.id, company.invitation.token, company.invitation.email,
    ],
    numbers: new Set([...company.productIds, ...company.variantIds]),
  };
}

/** The secrets of `company` found in `text`, leaving out what the caller sent (`sent`) and what `allowed` lets through. */
export function leaks(text: string, company: Company, sent: string, allowed: string[] = []): string[] {
  const { strings, numbers } = secretsOf(company);
  const found = strings.filter((s) => text.includes(s) && !sent.includes(s) && !allowed.includes(s));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // Numeric ids: a number under an id-like key (a price or a count may be any number).
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'number' && /id$/i.test(key) && numbers.has(value) && !sent.includes(String(value))) found.push(`${key}=${value}`);
    else if (Array.isArray(value)) value.forEach((v) => visit(v, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  visit(json, '');
  return found;
}
