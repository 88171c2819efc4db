/**
 * The set-up steps a journey needs but does not test, done from Node: an ID token for an account
 * (the Auth emulator's REST sign-in), calls to our API as that user (connect the demo store,
 * run a sync to its end), and reads of the demo store's own REST API, where the prices a work
 * order writes can be checked.
 */
import type { RunningApp } from './app';
import type { Credentials } from './auth';

/** The demo store's credentials (packages/demo-store). */
export const DEMO_STORE = { storeHash: 'demo', accessToken: 'demo-token', clientId: 'demo-client' } as const;

/** A fresh ID token for the account, from the Auth emulator's signInWithPassword. */
export async function idTokenFor(app: RunningApp, { email, password }: Credentials): Promise<string> {
  const res = await fetch(
    `http://${app.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`signInWithPassword: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** Calls our API as the token's user; throws with the body on a failure status. */
export async function callApi<T = unknown>(
  app: RunningApp,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}

/** The connection's options a journey may turn on (both off unless given). */
export interface StoreOptions {
  showStockStatus?: boolean;
  showInvisibleProducts?: boolean;
}

/** Saves the demo store's credentials (and `options`) as the user's store connection. */
export async function connectDemoStore(app: RunningApp, token: string, options: StoreOptions = {}): Promise<void> {
  await callApi(app, token, 'POST', '/api/settings', { ...DEMO_STORE, ...options });
}

/** Runs POST /api/sync to its end; throws unless the stream ends with a result block. */
export async function syncCatalog(app: RunningApp, token: string): Promise<string> {
  const stream = await callApi<string>(app, token, 'POST', '/api/sync', {});
  if (!/^result: /m.test(stream)) throw new Error(`the sync did not finish:\n${stream}`);
  return stream;
}

export interface StoreProduct {
  id: number;
  name: string;
  price: number;
  sale_price: number;
}

/** A product as the demo store has it now (BigCommerce's GET /catalog/products/{id}). */
export async function storeProduct(storeUrl: string, id: number): Promise<StoreProduct> {
  const res = await fetch(`${storeUrl}/stores/${DEMO_STORE.storeHash}/v3/catalog/products/${id}`, {
    headers: { 'X-Auth-Token': DEMO_STORE.accessToken, Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`store product ${id}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: StoreProduct }).data;
}
