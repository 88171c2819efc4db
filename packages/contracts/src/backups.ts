/**
 * Catalog pricing backups (issue 17, Premium): the regular and sale price of every product and
 * variant at one moment, and every price list record (issue 35: each list and currency), taken
 * once a day, right before every work order runs, and on demand. Here: what the API answers
 * (the list, a comparison with the current catalog or one price list in one currency, the
 * restore's body), the triggers and the retention the screen states. How backups are stored
 * (deltas) is the API's business (api/src/services/backups).
 *
 * Prices keep their meaning: a variant's null regular or sale price inherits its product's; a
 * product's null sale price means not on sale (the store's 0, contracts money.ts isOnSale). A
 * price list record has a price of its own; its null sale, retail or MAP price is unset.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId, IsoDateTime, queryInt, singleLineText, Uuid } from './common';
import { isTimeZone } from './date-time';
import { NullableMoneyString } from './money';
import { CursorPageQuery, page } from './paging';
import { PriceChangeType } from './products';
import { CurrencyCode } from './work-order-target';
import { MAX_WORK_ORDER_ITEMS } from './work-orders';

/** What took a backup: the daily job, the run of a work order, or someone's "Back up now". */
export const BackupTrigger = lazySchema(() => z.enum(['daily', 'work_order', 'manual']));
export type BackupTrigger = z.infer<typeof BackupTrigger>;

/** The trigger as the list shows it. */
export const BACKUP_TRIGGER_LABELS: Readonly<Record<BackupTrigger, string>> = {
  daily: 'Daily',
  work_order: 'Before a work order',
  manual: 'On demand',
};

/**
 * How long backups are kept: the newest `dailyKept` daily backups, on-demand ones for
 * `manualDays` days, and the ones taken before a work order for `workOrderDays` days.
 */
export const BACKUP_RETENTION = { dailyKept: 30, manualDays: 365, workOrderDays: 30 } as const;

/** The retention as the screen states it. */
export const BACKUP_RETENTION_TEXT =
  'Catalog Pilot keeps the last 30 daily backups and every on-demand backup for a year; the backups taken before work orders are kept for 30 days.';

/** On-demand backups a company may take in a day (each is kept a year). */
export const MAX_MANUAL_BACKUPS_PER_DAY = 50;

export function tooManyManualBackupsMessage(): string {
  return `Your company took ${MAX_MANUAL_BACKUPS_PER_DAY} backups on demand today, the most a day allows. The daily backup still runs; try again tomorrow.`;
}

/** One backup as listed. */
export const Backup = lazySchema(() =>
  z.object({
    id: Uuid,
    createdAt: IsoDateTime,
    trigger: BackupTrigger,
    /** The order it was taken before (trigger work_order); null once that order is deleted. */
    workOrder: z.object({ id: Uuid, title: z.string() }).nullable(),
    /** Who asked for it (trigger manual), as named on the Team page; null otherwise. */
    createdBy: z.string().nullable(),
    productCount: z.number().int().nonnegative(),
    variantCount: z.number().int().nonnegative(),
    /** Prices (a regular or a sale price of one item, or a price of one price list record) that differ from the backup before it; null for the first. */
    changedCount: z.number().int().nonnegative().nullable(),
    /** Taken from another store than the one connected now: it can be downloaded, not compared or restored. */
    otherStore: z.boolean(),
  }),
);
export type Backup = z.infer<typeof Backup>;

/** GET /api/backups?cursor=&limit=: the query (paging.ts; a year of on-demand backups is thousands). */
export const BackupListQuery = lazySchema(() => CursorPageQuery);
export type BackupListQuery = CursorPageQuery;

/** GET /api/backups: a page of the listed backups, newest first (by time, then id). */
export const BackupListResponse = lazySchema(() => page('backups', Backup));
export type BackupListResponse = z.infer<typeof BackupListResponse>;

/**
 * A product's or a variant's two prices (null: none of its own, see the module comment), or a
 * price list record's (its price is `regularPrice`, never null; with its retail and MAP prices).
 */
export const BackupPrices = lazySchema(() =>
  z.object({
    regularPrice: NullableMoneyString,
    salePrice: NullableMoneyString,
    /** A price list record's only. */
    retailPrice: NullableMoneyString.optional(),
    mapPrice: NullableMoneyString.optional(),
  }),
);
export type BackupPrices = z.infer<typeof BackupPrices>;

/** What changed an item's price since the backup, from its price history (newest first). */
export const BackupChange = lazySchema(() =>
  z.object({
    changeType: PriceChangeType,
    at: IsoDateTime,
    /** A work order's change (or its undo): the order and its title (null once it is deleted). */
    workOrderId: Uuid.nullable(),
    workOrderTitle: z.string().nullable(),
    /** A manual edit's (or an order's) author as named on the Team page; null for a change found in the store. */
    changedBy: z.string().nullable(),
  }),
);
export type BackupChange = z.infer<typeof BackupChange>;

/**
 * One product or variant whose price differs between the backup and the catalog now, or (a
 * price list's comparison) one variant whose record differs: a product without options is named
 * by its base variant, as a price list work order names it.
 */
export const BackupDiffItem = lazySchema(() =>
  z.object({
    productId: IntId,
    /** null: the product's own prices. */
    variantId: IntId.nullable(),
    name: z.string(),
    sku: z.string().nullable(),
    /** null: the variant had no record in the price list then (a price list's comparison only). */
    backup: BackupPrices.nullable(),
    /** null: the variant has no record in the price list now (a price list's comparison only). */
    current: BackupPrices.nullable(),
    /**
     * Whether a restore puts it back. A price list's record made since the backup (`backup`
     * null) is: the restore removes it (issue 36). One whose MAP price alone differs is not: a
     * work order does not set MAP prices.
     */
    restorable: z.boolean(),
    /** The latest changes since the compared moment (at most MAX_LISTED_CHANGES). */
    changes: z.array(BackupChange),
  }),
);
export type BackupDiffItem = z.infer<typeof BackupDiffItem>;

/** Changes listed per item. */
export const MAX_LISTED_CHANGES = 5;

/** GET /api/backups/{id}/diff and GET /api/backups/diff?at=. */
export const BackupDiffResponse = lazySchema(() =>
  z.object({
    /** The backup compared, or for a moment the nearest backup before it. */
    backup: Backup,
    /** The moment whose prices are compared: the backup's, or the one asked for. */
    at: IsoDateTime,
    /** The price list and currency compared (its name as now); null: the catalog. */
    priceList: z.object({ id: IntId, name: z.string(), currency: z.string() }).nullable(),
    items: z.array(BackupDiffItem),
    /** Items of the backup whose prices are the same now. */
    unchanged: z.number().int().nonnegative(),
    /** Items of the backup no longer in the catalog (they cannot be restored). */
    removed: z.number().int().nonnegative(),
    /**
     * Items of the catalog the backup does not have (added since; a restore leaves them). For a
     * price list: records made since (listed among `items`; a restore removes them).
     */
    added: z.number().int().nonnegative(),
  }),
);
export type BackupDiffResponse = z.infer<typeof BackupDiffResponse>;

/**
 * How far past the server's clock a compared or restored moment may be: a device's clock may run
 * a little fast, and the dialog's minute ends at its 59th second. Anything later is the future,
 * whose prices nobody knows (issue 31: year 9999 was taken).
 */
export const MAX_MOMENT_CLOCK_SKEW_MS = 60_000;

export const FUTURE_MOMENT_MESSAGE = 'Please choose a moment in the past';

/** Whether `at` is not in the future (within MAX_MOMENT_CLOCK_SKEW_MS of `now`). */
export function isPastMoment(at: Date, now: number = Date.now()): boolean {
  return at.getTime() <= now + MAX_MOMENT_CLOCK_SKEW_MS;
}

/** A moment whose prices are compared or restored: a timestamp not in the future. */
export const PastMoment = lazySchema(() =>
  IsoDateTime.refine((value) => {
    const at = new Date(value);
    // Not a timestamp at all: IsoDateTime has said so.
    return Number.isNaN(at.getTime()) || isPastMoment(at);
  }, { error: FUTURE_MOMENT_MESSAGE }),
);

export const PRICE_LIST_CHOICE_MESSAGE = 'Name both a price list and a currency, or neither';

/** `priceList` and `currency` (issue 35): one list's records in one currency are compared or restored; neither: the catalog. */
const priceListChoice = () => ({
  priceList: queryInt(1, Number.MAX_SAFE_INTEGER, 'The price list').optional(),
  currency: CurrencyCode.optional(),
});

/** Both or neither of `priceList` and `currency` (the issue names the one missing). */
function bothOrNeither(ctx: z.core.ParsePayload<{ priceList?: number | undefined; currency?: string | undefined }>) {
  if ((ctx.value.priceList === undefined) !== (ctx.value.currency === undefined)) {
    const path = ctx.value.priceList === undefined ? 'priceList' : 'currency';
    ctx.issues.push({ code: 'custom', path: [path], message: PRICE_LIST_CHOICE_MESSAGE, input: ctx.value });
  }
}

/** GET /api/backups/{id}/diff?priceList=&currency=: the catalog, or one price list in one currency. */
export const BackupIdDiffQuery = lazySchema(() => z.object(priceListChoice()).check(bothOrNeither));
export type BackupIdDiffQuery = z.output<typeof BackupIdDiffQuery>;

/** GET /api/backups/diff?at=2025-03-08T09:05:00.000Z (&priceList=7&currency=USD). */
export const BackupDiffQuery = lazySchema(() => z.object({ at: PastMoment, ...priceListChoice() }).check(bothOrNeither));
export type BackupDiffQuery = z.output<typeof BackupDiffQuery>;

/** An IANA time zone name ("Europe/Paris"), checked against the runtime's zones. */
export const TimeZoneName = lazySchema(() =>
  singleLineText(64, { label: 'The time zone' }).refine(isTimeZone, { error: 'Unknown time zone' }),
);

/** A product's own prices (no variantId) or one variant's, as a work order's items name them. */
export const RestoreTarget = lazySchema(() =>
  z.object({
    productId: IntId,
    variantId: IntId.nullish(),
  }),
);
export type RestoreTarget = z.infer<typeof RestoreTarget>;

const restoreFields = () => ({
  /** Client-generated: sent again (a lost answer), it answers the order it created (200), not a second one. */
  id: Uuid.optional(),
  items: z
    .array(RestoreTarget, { error: 'The items must be a list of products and variants' })
    .max(MAX_WORK_ORDER_ITEMS, { error: `At most ${MAX_WORK_ORDER_ITEMS.toLocaleString('en-US')} items can be restored at once` })
    .optional(),
  timeZone: TimeZoneName.optional(),
  ...priceListChoice(),
});

/**
 * POST /api/backups/{id}/restore. No body, or no `items`: every item that differs is restored;
 * `items` picks some (each a product's own prices, or one variant's). `timeZone` is the reader's,
 * for the date in the order's title (default UTC). `priceList` and `currency` (both or neither):
 * that list's records in that currency are restored, by a price list work order (its `target`);
 * `items` then name variants (a product without options by its base variant). Answers 201 with
 * the work order.
 */
export const RestoreBackupBody = lazySchema(() => z.object(restoreFields()).check(bothOrNeither));
export type RestoreBackupBody = z.output<typeof RestoreBackupBody>;

/** POST /api/backups/restore: the prices as they were at `at` (as GET /api/backups/diff?at= shows them). */
export const RestoreMomentBody = lazySchema(() => z.object({ ...restoreFields(), at: PastMoment }).check(bothOrNeither));
export type RestoreMomentBody = z.output<typeof RestoreMomentBody>;

/**
 * The title of a restore's work order, the date as the screens print it ('MMM d, yyyy at h:mm a');
 * a price list's restore names the list and currency ("Restore Wholesale (USD) prices from ...").
 */
export const restoreTitle = (formattedDate: string, priceList?: string | null) =>
  `Restore ${priceList ? `${priceList} ` : ''}prices from ${formattedDate}`;
