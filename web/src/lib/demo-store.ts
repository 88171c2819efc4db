/**
 * The local demo store's credentials, when the server runs against one (`npm start`, the
 * browser tests): the server names them in index.html's runtime config, and the settings
 * screen offers them in its setup instructions. null against a real BigCommerce store, and in
 * the Vite dev server (no runtime config).
 */
import { readRuntimeConfig, type RuntimeConfig } from './firebase-config';

export interface DemoStoreCredentials {
  storeHash: string;
  accessToken: string;
  clientId: string;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The credentials in a runtime config, or null when it names none (or something malformed). */
export function demoStoreFrom(runtime: RuntimeConfig | null): DemoStoreCredentials | null {
  const demo = runtime?.demoStore;
  if (!demo || typeof demo !== 'object') return null;
  const { storeHash, accessToken, clientId } = demo as Record<string, unknown>;
  if (!isText(storeHash) || !isText(accessToken) || !isText(clientId)) return null;
  return { storeHash, accessToken, clientId };
}

/** This page's demo store (index.html does not change while the page lives). */
export function getDemoStore(doc: Document = document): DemoStoreCredentials | null {
  return demoStoreFrom(readRuntimeConfig(doc));
}
