/**
 * A merchant ready for a catalog journey: a fresh account signed up in the page (its tour
 * skipped), then, from Node, the demo store connected and its catalog synced to the end.
 */
import type { Product, ProductListResponse } from '@catalog/contracts/products';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app';
import { type Credentials, dismissTour, newCredentials, signUp } from './auth';
import { callApi, connectDemoStore, idTokenFor, type StoreOptions, syncCatalog } from './store-api';

export interface Merchant {
  account: Credentials;
  /** An ID token for calls to our API as this merchant (support/store-api.ts callApi). */
  token: string;
}

/** Signs a new merchant up in `page`, connects the demo store (with `options`) and syncs it. */
export async function merchantWithCatalog(page: Page, app: RunningApp, options: StoreOptions = {}): Promise<Merchant> {
  const account = newCredentials();
  await signUp(page, account);
  await dismissTour(page);
  const token = await idTokenFor(app, account);
  await connectDemoStore(app, token, options);
  await syncCatalog(app, token);
  return { account, token };
}

/**
 * A new merchant whose store shows stock and includes invisible products, synced; returns the
 * products as the server lists them (up to 200, at least one).
 */
export async function syncedAccount(page: Page, app: RunningApp): Promise<Product[]> {
  const { token } = await merchantWithCatalog(page, app, { showStockStatus: true, showInvisibleProducts: true });
  const { products } = await callApi<ProductListResponse>(app, token, 'GET', '/api/products?limit=200');
  expect(products.length).toBeGreaterThan(0);
  return products;
}
