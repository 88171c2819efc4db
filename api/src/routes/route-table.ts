/**
 * Every API route, what it takes and who may call it: the table the tenant/role matrix and the
 * hostile-input suites are generated from (a route of the app without a row here fails them).
 *
 * `access`:
 * - 'public': anyone, signed in or not (health, the login redirect, an invitation's link);
 * - 'webhook': a signed call from a provider (Stripe, the store's webhooks with our secret), no user;
 * - 'self': any signed-in user, about themselves (their profile, invitations addressed to them);
 * - an Action of the permission table (packages/contracts/src/permissions.ts): a signed-in
 *   user of the company, if their role is allowed.
 *
 * `params`, `query`, `body`: the zod schemas the route validates at its edge.
 */
import type { z } from 'zod';
import { BackupDiffQuery, BackupListQuery, RestoreBackupBody, RestoreMomentBody } from '@catalog/contracts/backups';
import { IntIdParam, TokenParam, UuidParam } from '@catalog/contracts/common';
import { UpdateCompanySettingsBody } from '@catalog/contracts/company-settings';
import { PriceHistoryCsvQuery } from '@catalog/contracts/csv';
import type { Action } from '@catalog/contracts/permissions';
import type { PricePath } from '@catalog/contracts/price-gate';
import { PriceHistoryQuery, ProductListQuery, ProductPriceEdit, VariantPriceEdit } from '@catalog/contracts/products';
import { CatalogChangesQuery } from '@catalog/contracts/replication';
import { SaveSettingsBody } from '@catalog/contracts/settings';
import { StoreWebhookPayload } from '@catalog/contracts/store-webhooks';
import { CheckoutBody, PlanChangeBody } from '@catalog/contracts/subscription';
import { CompanyNameBody, InvitationListQuery, InviteBody, TeamMemberListQuery } from '@catalog/contracts/team';
import { CreateWorkOrderBody, RejectWorkOrderBody, UndoWorkOrderBody, UpdateWorkOrderBody, WorkOrderListQuery } from '@catalog/contracts/work-orders';
import { WorkOrderDetailQuery, WorkOrderOverlapsBody } from '@catalog/contracts/work-orders';

export type Access = 'public' | 'webhook' | 'self' | Action;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answers with a stream (Server-Sent Events) rather than one JSON body. */
  stream?: boolean;
  /** Answers a browser navigation with a redirect (302) rather than a JSON body. */
  redirect?: boolean;
  /** No body (or an empty one) is a request of its own, e.g. "restore everything": only a body given must pass `body`. */
  optionalBody?: boolean;
  /** Answers with a file (CSV) rather than a JSON body. */
  file?: boolean;
  /**
   * The route can change store prices (now, or through the work order it creates or lets run):
   * which path of the price gate it passes (services/price-gate.ts, decision 048).
   * price-gate.routes.test.ts proves each such route passes the gate, and fails for a write route
   * that neither says this nor is known not to touch prices.
   */
  prices?: PricePath;
}

/** Keyed by "METHOD /api/path" exactly as Hono lists the route (`app.routes`). */
export const ROUTE_TABLE = {
  'GET /api/health': { access: 'public' },
  'GET /api/login': { access: 'public', redirect: true },

  'GET /api/auth/user': { access: 'self' },
  'POST /api/auth/user/walkthrough-complete': { access: 'self' },

  'GET /api/dashboard': { access: 'catalog.read' },

  'GET /api/settings': { access: 'settings.read' },
  'POST /api/settings': { access: 'settings.update', body: SaveSettingsBody },
  'DELETE /api/settings': { access: 'settings.update' },

  'POST /api/sync': { access: 'catalog.sync', stream: true },
  'POST /api/sync/cancel': { access: 'catalog.sync' },
  'GET /api/sync/status': { access: 'catalog.read' },

  'GET /api/products': { access: 'catalog.read', query: ProductListQuery },
  'GET /api/products/:id/variants': { access: 'catalog.read', params: IntIdParam },
  'GET /api/products/:id/price-history': { access: 'catalog.read', params: IntIdParam, query: PriceHistoryQuery },
  'GET /api/products/csv': { access: 'catalog.read' },
  'GET /api/products/:id/price-history/csv': { access: 'catalog.read', params: IntIdParam },
  'GET /api/products/price-history/csv': { access: 'catalog.read', query: PriceHistoryCsvQuery },
  'PUT /api/products/:id': { access: 'catalog.editPrice', params: IntIdParam, body: ProductPriceEdit, prices: 'manualEdit' },
  'DELETE /api/products/all': { access: 'catalog.deleteAll' },
  'PUT /api/variants/:id': { access: 'catalog.editPrice', params: IntIdParam, body: VariantPriceEdit, prices: 'manualEdit' },
  'GET /api/categories': { access: 'catalog.read' },
  'GET /api/catalog/changes': { access: 'catalog.read', query: CatalogChangesQuery },
  'GET /api/catalog/version': { access: 'catalog.read' },

  'GET /api/work-orders': { access: 'workOrders.read', query: WorkOrderListQuery },
  'GET /api/work-orders/:id': { access: 'workOrders.read', params: UuidParam, query: WorkOrderDetailQuery },
  'POST /api/work-orders/overlaps': { access: 'workOrders.create', body: WorkOrderOverlapsBody },
  'POST /api/work-orders': { access: 'workOrders.create', body: CreateWorkOrderBody, prices: 'order' },
  'DELETE /api/work-orders/:id': { access: 'workOrders.delete', params: UuidParam },
  'PATCH /api/work-orders/:id/archive': { access: 'workOrders.archive', params: UuidParam },
  'PATCH /api/work-orders/:id': { access: 'workOrders.undo', params: UuidParam, body: UpdateWorkOrderBody, prices: 'change' },
  'GET /api/work-orders/:id/undo-preview': { access: 'workOrders.undo', params: UuidParam },
  'POST /api/work-orders/:id/seen': { access: 'workOrders.read', params: UuidParam },
  'POST /api/work-orders/:id/undo': { access: 'workOrders.undo', params: UuidParam, body: UndoWorkOrderBody, optionalBody: true, prices: 'undo' },
  'POST /api/work-orders/:id/approve': { access: 'workOrders.approve', params: UuidParam, prices: 'approve' },
  'POST /api/work-orders/:id/reject': { access: 'workOrders.approve', params: UuidParam, body: RejectWorkOrderBody },

  'GET /api/backups': { access: 'backups.read', query: BackupListQuery },
  'POST /api/backups': { access: 'backups.create' },
  'GET /api/backups/diff': { access: 'backups.compare', query: BackupDiffQuery },
  'POST /api/backups/restore': { access: 'backups.restore', body: RestoreMomentBody, prices: 'restore' },
  'GET /api/backups/:id/diff': { access: 'backups.compare', params: UuidParam },
  'POST /api/backups/:id/restore': { access: 'backups.restore', params: UuidParam, body: RestoreBackupBody, optionalBody: true, prices: 'restore' },
  'GET /api/backups/:id/csv': { access: 'backups.download', params: UuidParam, file: true },

  'GET /api/company/users': { access: 'team.read', query: TeamMemberListQuery },
  'PUT /api/company/name': { access: 'team.rename', body: CompanyNameBody },
  'DELETE /api/company/users/:id': { access: 'team.removeMember', params: UuidParam },
  'GET /api/company/settings': { access: 'companySettings.read' },
  'PATCH /api/company/settings': { access: 'companySettings.update', body: UpdateCompanySettingsBody },

  'GET /api/my-invitations': { access: 'self', query: InvitationListQuery },
  'GET /api/invitations/:token': { access: 'public', params: TokenParam },
  'GET /api/invitations': { access: 'team.read', query: InvitationListQuery },
  'POST /api/invitations': { access: 'team.invite', body: InviteBody },
  'DELETE /api/invitations/:id': { access: 'team.cancelInvitation', params: UuidParam },
  'POST /api/invitations/:key/accept': { access: 'self' },

  'GET /api/subscription': { access: 'subscription.read' },
  'POST /api/subscription/checkout': { access: 'subscription.change', body: CheckoutBody },
  'POST /api/subscription/change': { access: 'subscription.change', body: PlanChangeBody },
  'POST /api/subscription/cancel': { access: 'subscription.change' },

  'POST /api/stripe/webhook': { access: 'webhook' },
  'POST /api/webhooks/bigcommerce/:id': { access: 'webhook', params: UuidParam, body: StoreWebhookPayload },
} as const satisfies Record<`${Method} /api${string}`, RouteSpec>;

export type RouteKey = keyof typeof ROUTE_TABLE;

/** The row of "METHOD /api/path", or undefined for a route the table does not know. */
export function routeSpec(method: string, path: string): RouteSpec | undefined {
  return (ROUTE_TABLE as Record<string, RouteSpec>)[`${method} ${path}`];
}
