/**
 * The demo store's public entry: `createDemoStore` and the types and constants callers use
 * (the local store's credentials, settings, fault kinds; the registered app's scopes, the
 * control panel's users and the signing of callback payloads, so the app's tests can craft good
 * and bad ones). Deeper modules stay importable through the package's "./*" export for tests
 * that need them.
 */
export { createDemoStore } from './demo-store';
export type { DemoStore, DemoStoreOptions, RunningDemoStore } from './demo-store';
export { DEMO_STORE, DEFAULT_SETTINGS, DemoStoreState } from './store-state';
export type { DemoStoreSettings, DemoStoreStats, SettingsPatch, StoreAccount, StoreSpec, StoreStats } from './store-state';
export { FAULT_KINDS, splitFaultRate } from './faults';
export type { FaultKind, FaultRates } from './faults';
export { Catalog } from './catalog';
export type { UpdateOutcome } from './catalog';
export { generateCatalog, DEFAULT_PRODUCT_COUNT } from './generate-catalog';
export type { CatalogOptions } from './generate-catalog';
export type { BcCategory, BcOptionValue, BcProduct, BcTree, BcVariant, CatalogData } from './types';
export { StoreHooks, scopeMatches } from './webhooks';
export type { Hook, HookEventData, HookInput, WebhookPayload, DeliveryStats } from './webhooks';
export { DEFAULT_APP_SCOPES } from './app-registration';
export type { AppRegistration, RegisteredApp } from './app-registration';
export { appPayloadClaims, signAppPayload, STORE_USER_IDS, storeUser, storeUserEmail } from './app-payload';
export type { AppPayloadClaims, StoreUser, StoreUserRole } from './app-payload';
