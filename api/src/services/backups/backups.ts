/**
 * Catalog pricing backups (issue 17; price list records too, issue 35): taking one (the daily job, right before a work order
 * runs, "Back up now"), reading one back whole, the prices at any moment (the nearest earlier
 * backup plus the price history since), the comparison with the catalog now, and the work-order
 * items of a restore. The routes (routes/backups) and the scheduler (backup-scheduler.ts) call
 * these; the executor calls backupBeforeWorkOrder.
 *
 * Storage (backup-codec.ts): each backup is a delta on the company's newest backup, or a full
 * snapshot when there is none, when that one was taken from another store, when the chain of
 * deltas reached MAX_CHAIN, or when most prices changed. Deltas are never rewritten: retention
 * marks a backup expired, and the scheduler deletes it only once nothing rests on it.
 *
 * What a backup records is the catalog as the app holds it (synced from the store and updated by
 * every price change the app makes), and every price list record of every list and currency as
 * stored (backup-records.ts; a backup taken before then holds none). The backup before a work
 * order also takes the store's own prices of the order's items, read just before it writes (the
 * order's snapshot), over them: a price list order's snapshot is its records as they were.
 *
 * The code lives in these modules, re-exported here for the importers: the prices of a catalog,
 * of a backup read back and at a moment (backup-state.ts, backup-record-state.ts), taking a
 * backup (backup-take.ts), the listing (backup-list.ts), the comparison with now (the catalog:
 * backup-compare.ts; a price list: backup-compare-records.ts) and a restore's items
 * (backup-restore.ts).
 */
export * from './backup-state';
export * from './backup-take';
export * from './backup-list';
export * from './backup-compare';
export * from './backup-compare-records';
export * from './backup-restore';
