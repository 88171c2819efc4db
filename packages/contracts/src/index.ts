/**
 * The package's entry: every contract module re-exported, so `@catalog/contracts` gives the
 * whole vocabulary in one import. Code that wants a single module (and a smaller bundle)
 * imports it by path instead: `@catalog/contracts/money`, `@catalog/contracts/work-orders`.
 */
export * from './errors';
export * from './money';
export * from './common';
export * from './catalog';
export * from './plans';
export * from './products';
export * from './work-orders';
export * from './work-order-rules';
export * from './bulk-adjustment';
export * from './bulk-adjustment-preview';
export * from './settings';
export * from './sync';
export * from './auth';
export * from './permissions';
export * from './team';
export * from './subscription';
export * from './dashboard';
export * from './replication';
