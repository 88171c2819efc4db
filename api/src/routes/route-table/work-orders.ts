/**
 * The route table's rows for work orders (made, changed, approved, undone) and the pricing
 * backups whose restores are work orders too.
 */
import {
  Backup, BackupDiffQuery, BackupDiffResponse, BackupIdDiffQuery, BackupListQuery, BackupListResponse, RestoreBackupBody, RestoreMomentBody,
} from '@catalog/contracts/backups';
import { MessageResponse, UuidParam } from '@catalog/contracts/common';
import {
  CreateWorkOrderBody, RejectWorkOrderBody, RevertReport, UndoWorkOrderBody, UpdateWorkOrderBody, WorkOrder, WorkOrderDetail, WorkOrderDetailQuery,
  WorkOrderListQuery, WorkOrderListResponse, WorkOrderOverlapPairsBody, WorkOrderOverlapPairsResponse, WorkOrderOverlapsBody, WorkOrderOverlapsResponse,
} from '@catalog/contracts/work-orders';
import type { RouteRows } from './route-spec';

/** An order named by its id in the path; a malformed id is a 404 like an absent one. */
const ORDER = { params: UuidParam, notFound: 'Work order not found' } as const;
/** A backup named by its id in the path; backups are a Premium feature. */
const BACKUP = { params: UuidParam, notFound: 'Backup not found', planFeature: 'pricingBackups' } as const;
/** A restore answers the work order it made (201), or the one an earlier request with its id made (200). */
const RESTORED = { 201: WorkOrder, 200: WorkOrder } as const;

export const WORK_ORDER_ROUTES = {
  'GET /api/work-orders': {
    summary: 'The work orders as summaries, newest first, in pages', access: 'workOrders.read', query: WorkOrderListQuery,
    responses: { 200: WorkOrderListResponse },
  },
  'GET /api/work-orders/:id': {
    summary: 'One work order, its items a page at a time, and its whole revert report', access: 'workOrders.read', ...ORDER, query: WorkOrderDetailQuery,
    responses: { 200: WorkOrderDetail },
  },
  'POST /api/work-orders/overlaps': {
    summary: 'The orders that share products or variants with an order being made', access: 'workOrders.create', body: WorkOrderOverlapsBody,
    responses: { 200: WorkOrderOverlapsResponse },
  },
  'POST /api/work-orders/overlap-pairs': {
    summary: 'The pairs of the named orders that share products or variants (the campaign calendar)', access: 'workOrders.read',
    body: WorkOrderOverlapPairsBody, responses: { 200: WorkOrderOverlapPairsResponse },
  },
  'POST /api/work-orders': {
    summary: 'Creates a work order, or answers the one created before with the same `id` (200)', access: 'workOrders.create', body: CreateWorkOrderBody,
    prices: 'order', responses: { 201: WorkOrder, 200: WorkOrder },
  },
  'DELETE /api/work-orders/:id': {
    summary: 'Deletes a pending order, or withdraws one awaiting approval', access: 'workOrders.delete', ...ORDER, responses: { 200: MessageResponse },
  },
  'PATCH /api/work-orders/:id/archive': { summary: 'Archives an order', access: 'workOrders.archive', ...ORDER, responses: { 200: WorkOrder } },
  'PATCH /api/work-orders/:id': {
    summary: 'Changes an order\u2019s end, or, before it runs, its items and its start', access: 'workOrders.undo', ...ORDER, body: UpdateWorkOrderBody,
    prices: 'change', responses: { 200: WorkOrder },
  },
  'GET /api/work-orders/:id/undo-preview': {
    summary: 'What an undo would do now: the store\u2019s prices read, each item classified', access: 'workOrders.undo', ...ORDER,
    responses: { 200: RevertReport },
  },
  'POST /api/work-orders/:id/seen': { summary: 'Marks an order seen: the dashboard stops listing it', access: 'workOrders.read', ...ORDER, responses: { 200: WorkOrder } },
  'POST /api/work-orders/:id/undo': {
    summary: 'Undoes a completed order (items changed since only with `force`); the scheduler runs it', access: 'workOrders.undo', ...ORDER,
    body: UndoWorkOrderBody, optionalBody: true, prices: 'undo', responses: { 202: WorkOrder },
  },
  'POST /api/work-orders/:id/approve': {
    summary: 'Approves an order awaiting approval: it runs now or at its time', access: 'workOrders.approve', ...ORDER, prices: 'approve',
    responses: { 200: WorkOrder },
  },
  'POST /api/work-orders/:id/reject': {
    summary: 'Rejects an order awaiting approval, with a reason', access: 'workOrders.approve', ...ORDER, body: RejectWorkOrderBody,
    responses: { 200: WorkOrder },
  },

  'GET /api/backups': {
    summary: 'The backups, newest first, in pages', access: 'backups.read', planFeature: 'pricingBackups', query: BackupListQuery,
    responses: { 200: BackupListResponse },
  },
  'POST /api/backups': { summary: 'Backs the prices up now', access: 'backups.create', planFeature: 'pricingBackups', responses: { 201: Backup } },
  'GET /api/backups/diff': {
    summary: 'The prices at a moment (a backup and the history since) against the catalog or a price list now', access: 'backups.compare', planFeature: 'pricingBackups',
    query: BackupDiffQuery, responses: { 200: BackupDiffResponse },
  },
  'POST /api/backups/restore': {
    summary: 'Restores the prices of a moment: a work order that runs now', access: 'backups.restore', planFeature: 'pricingBackups',
    body: RestoreMomentBody, prices: 'restore', responses: RESTORED,
  },
  'GET /api/backups/:id/diff': {
    summary: 'The items whose prices differ between a backup and the catalog (or a price list) now', access: 'backups.compare', ...BACKUP,
    query: BackupIdDiffQuery, responses: { 200: BackupDiffResponse },
  },
  'POST /api/backups/:id/restore': {
    summary: 'Restores a backup\u2019s prices (no body: every item that differs): a work order that runs now', access: 'backups.restore', ...BACKUP,
    body: RestoreBackupBody, optionalBody: true, prices: 'restore', responses: RESTORED,
  },
  'GET /api/backups/:id/csv': { summary: 'A backup as CSV', access: 'backups.download', ...BACKUP, file: true },
} as const satisfies RouteRows;
