/**
 * /api/backups (issue 17, Premium): the company's catalog pricing backups.
 *
 *   GET  /                 the listed backups, newest first, in pages (?cursor=&limit=: { backups, nextCursor })
 *   POST /                 "Back up now" (201 with the backup)
 *   GET  /diff?at=ISO      the prices at that moment (the nearest backup before it plus the
 *                          price history since) against the catalog now
 *   POST /restore          a restore of those prices ({at, items?, timeZone?})
 *   GET  /:id/diff         the items whose prices differ between the backup and the catalog now
 *   POST /:id/restore      a restore of the backup ({items?, timeZone?}, or no body: everything)
 *   GET  /:id/csv          the backup as CSV
 *
 * Every diff and restore takes `priceList` and `currency` (query or body, both or neither; issue
 * 35): that list's records in that currency instead of the catalog (backup-comparison.ts). An
 * unknown list is 404; a backup taken before backups held price lists is 409.
 *
 * A restore creates a work order titled "Restore prices from {date}" with the backup's prices of
 * the items that differ (or of the chosen ones), to run now: the scheduler runs it with the usual
 * executor (snapshot, backup, history), so it can be undone as any other. 201 with the order. A
 * price list's restore is a price list work order (its `target`) titled with the list's name;
 * records made since the backup (or the moment) are removed by it (items with removeRecord).
 *
 * Roles: the route table and the permission table (backups.*: whoever may create work orders).
 * Plan: every route answers 403 PLAN_LIMIT to a company whose plan has no backups (decision 032).
 * A backup taken from another store than the one connected now can be downloaded, not compared
 * or restored (409): its ids are that store's.
 */
import type { Context } from 'hono';
import {
  type BackupListResponse, MAX_MANUAL_BACKUPS_PER_DAY, restoreTitle, tooManyManualBackupsMessage, type Backup as WireBackup, type BackupDiffResponse,
} from '@catalog/contracts/backups';
import { formatDateTime } from '@catalog/contracts/date-time';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { formatCents } from '@catalog/contracts/money';
import { tooManyOrdersMessage, WORK_ORDER_CAPS } from '@catalog/contracts/work-order-rules';
import { MAX_WORK_ORDER_ITEMS, type WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import type { BackupRow, Database } from '../../db/repositories';
import { WorkOrderCapError } from '../../db/repositories.work-orders';
import { toCsv } from '../../lib/csv';
import type { AuthedEnv } from '../../middleware/authenticate';
import type { PriceState } from '../../services/backups/backup-codec';
import {
  backupPage, describeBackups, isOtherStore, readBackupState, stateAt, takeBackup, type RestoreSelection,
} from '../../services/backups/backups';
import { notifyWorkOrdersDue } from '../../services/work-orders/scheduler';
import { passGate } from '../../services/price-gate';
import { defineRoutes } from '../define-routes';
import { peopleOf, toWireOrder } from '../work-orders/work-order-items';
import { chosenList, compareChosen, restorePlan, wireComparison } from './backup-comparison';

const NOT_FOUND = 'Backup not found';
const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
/** The query's or body's choice of a price list and currency (both or neither). */
type ListChoice = { priceList?: number; currency?: string };

export function backupRoutes(deps: { db: Database }) {
  const { db } = deps;

  /** The listed backup, or 404 for an id that is absent, expired or another company's (a malformed one: the route table's 404). */
  async function load(companyId: string, id: string): Promise<BackupRow> {
    const backup = await db.backups.get(companyId, id);
    if (!backup || backup.expiredAt !== null) throw new ApiError(ErrorCode.NOT_FOUND, NOT_FOUND);
    return backup;
  }

  /** 409 for a backup of another store than the one connected now. */
  async function sameStore(companyId: string, backup: BackupRow) {
    const settings = await db.settings.get(companyId);
    if (isOtherStore(backup, settings?.storeHash ?? null)) {
      throw new ApiError(ErrorCode.CONFLICT, `This backup was taken from another store (${backup.storeHash}); its prices cannot be compared with or restored to the store connected now. Download it as CSV instead.`);
    }
  }

  async function describe(companyId: string, backup: BackupRow): Promise<WireBackup> {
    return (await describeBackups(db, companyId, [backup]))[0]!;
  }

  async function diff(companyId: string, base: BackupRow, state: PriceState, at: Date, choice: ListChoice): Promise<BackupDiffResponse> {
    await sameStore(companyId, base);
    const chosen = await chosenList(db, companyId, choice);
    const compared = await compareChosen(db, companyId, state, at, chosen);
    return { backup: await describe(companyId, base), at: at.toISOString(), ...wireComparison(compared) };
  }

  async function restore(c: Context<AuthedEnv>, base: BackupRow, state: PriceState, at: Date, body: RestoreSelection & ListChoice & { id?: string; timeZone?: string }) {
    const user = c.get('user');
    // Sent again with the client's id (its answer was lost): the order it created, whatever it did since.
    const replayed = body.id ? await db.workOrders.getByIdempotencyKey(user.companyId, body.id) : null;
    if (replayed) return c.json(toWireOrder(replayed) satisfies WireWorkOrder, 200);
    await sameStore(user.companyId, base);
    const chosen = await chosenList(db, user.companyId, body);
    const compared = await compareChosen(db, user.companyId, state, at, chosen, { changes: false });
    const { items: productUpdates, target, name } = await restorePlan(db, user.companyId, compared, body);
    if (productUpdates.length === 0) {
      throw new ApiError(ErrorCode.CONFLICT, body.items
        ? 'Nothing to restore: the chosen prices are the same as in the backup.'
        : 'Nothing to restore: every price is the same as in the backup.');
    }
    if (productUpdates.length > MAX_WORK_ORDER_ITEMS) {
      throw new ApiError(ErrorCode.VALIDATION, `A work order can change at most ${MAX_WORK_ORDER_ITEMS.toLocaleString('en-US')} products and variants: choose fewer items to restore at once.`);
    }
    // The gate (issue 31, decision 048): a restore is checked as any order, against the catalog
    // (or the list's stored records) of now: a blocking guardrail refuses it (a backup's prices
    // may be below today's costs), and a member's restore waits for approval while the company requires it.
    const outcome = await passGate(db, { path: 'restore', companyId: user.companyId, role: user.role, items: productUpdates, target });
    const settings = await db.settings.get(user.companyId);
    const { order, created } = await db.workOrders.create(user.companyId, {
      awaitingApproval: outcome === 'approval',
      title: restoreTitle(formatDateTime(at, body.timeZone ?? 'UTC'), name),
      productUpdates,
      target,
      executeImmediately: true,
      createdBy: user.id,
      // The client's id for this restore: sent again, it finds the first order.
      idempotencyKey: body.id ?? null,
      storeHash: settings?.storeHash ?? null,
      caps: WORK_ORDER_CAPS,
    }).catch((err: unknown) => {
      if (err instanceof WorkOrderCapError) throw new ApiError(ErrorCode.TOO_MANY_ORDERS, tooManyOrdersMessage(err.cap));
      throw err;
    });
    if (created && order.status === 'pending') notifyWorkOrdersDue();
    return c.json(toWireOrder(order, await peopleOf(db, user.companyId)) satisfies WireWorkOrder, created ? 201 : 200);
  }

  return defineRoutes({
    'GET /api/backups': async (c, { query }) => {
      return c.json((await backupPage(db, c.get('user').companyId, query)) satisfies BackupListResponse);
    },

    'POST /api/backups': async (c) => {
      const user = c.get('user');
      const now = new Date();
      const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      if ((await db.backups.countSince(user.companyId, 'manual', today)) >= MAX_MANUAL_BACKUPS_PER_DAY) {
        // Retry-After: when the day (UTC) the cap counts ends.
        const retryAfterMs = today.getTime() + 86_400_000 - now.getTime();
        throw new ApiError(ErrorCode.RATE_LIMITED, tooManyManualBackupsMessage(), { retryAfterMs });
      }
      const backup = await takeBackup(db, user.companyId, { trigger: 'manual', createdBy: user.id, now });
      if (!backup) throw new Error('an on-demand backup has no dedupe key, so it is never a duplicate');
      return c.json((await describe(user.companyId, backup)) satisfies WireBackup, 201);
    },

    'GET /api/backups/diff': async (c, { query }) => {
      const { companyId } = c.get('user');
      const at = new Date(query.at);
      const { base, state } = await stateAt(db, companyId, at);
      return c.json((await diff(companyId, base, state, at, query)) satisfies BackupDiffResponse);
    },

    'POST /api/backups/restore': async (c, { body }) => {
      const at = new Date(body.at);
      const { base, state } = await stateAt(db, c.get('user').companyId, at);
      return restore(c, base, state, at, body);
    },

    'GET /api/backups/:id/diff': async (c, { params, query }) => {
      const { companyId } = c.get('user');
      const backup = await load(companyId, params.id);
      const state = await readBackupState(db, companyId, backup);
      return c.json((await diff(companyId, backup, state, backup.createdAt, query)) satisfies BackupDiffResponse);
    },

    'POST /api/backups/:id/restore': async (c, { params, body }) => {
      const { companyId } = c.get('user');
      const backup = await load(companyId, params.id);
      const state = await readBackupState(db, companyId, backup);
      return restore(c, backup, state, backup.createdAt, body);
    },

    'GET /api/backups/:id/csv': async (c, { params }) => {
      const { companyId } = c.get('user');
      const backup = await load(companyId, params.id);
      const [state, catalog] = await Promise.all([readBackupState(db, companyId, backup), db.backups.catalogPrices(companyId)]);
      const names = new Map(catalog.products.map((p) => [p.externalId, p]));
      const skus = new Map(catalog.variants.map((v) => [v.externalId, v.variantSku]));
      const rows: string[][] = [['Product ID', 'Variant ID', 'SKU', 'Name', 'Regular Price', 'Sale Price']];
      const variantsOf = new Map<number, number[]>();
      for (const [id, v] of state.variants) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), id]);
      const cell = (cents: number | null) => money(cents) ?? '';
      for (const productId of [...new Set([...state.products.keys(), ...variantsOf.keys()])].sort((a, b) => a - b)) {
        const p = state.products.get(productId);
        const product = names.get(productId);
        if (p) rows.push([String(productId), '', product?.sku ?? '', product?.name ?? '', cell(p.regular), cell(p.sale)]);
        for (const variantId of (variantsOf.get(productId) ?? []).sort((a, b) => a - b)) {
          const v = state.variants.get(variantId)!;
          rows.push([String(productId), String(variantId), skus.get(variantId) ?? '', product?.name ?? '', cell(v.regular), cell(v.sale)]);
        }
      }
      const stamp = backup.createdAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      return c.body(toCsv(rows), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="catalog-backup-${stamp}Z.csv"`,
      });
    },
  });
}
