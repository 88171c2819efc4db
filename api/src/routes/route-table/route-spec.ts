/**
 * What a row of the route table says about its route (route-table.ts composes the rows of each
 * area): who may call it, what it takes, what it answers. The route files register their handlers
 * by these rows (define-routes.ts), the OpenAPI document and docs/api.md are written from them
 * (routes/openapi), and the tenant matrix, the hostile-input suite and the price-gate test are
 * generated from them.
 */
import type { z } from 'zod';
import type { Action } from '@catalog/contracts/permissions';
import type { PlanFeature } from '@catalog/contracts/plans';
import type { PricePath } from '@catalog/contracts/price-gate';

/**
 * Who may call a route:
 * - 'public': anyone, signed in or not (health, the login redirect, an invitation's link);
 * - 'webhook': a signed call from a provider (Stripe, the store's webhooks with our secret), no user;
 * - 'self': any signed-in user, about themselves (their profile, invitations addressed to them);
 * - an Action of the permission table (packages/contracts/src/permissions.ts): a signed-in
 *   user of the company, if their role is allowed.
 */
export type Access = 'public' | 'webhook' | 'self' | Action;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A success status a route answers with, and the contracts' schema of its body (null: no schema). */
export type RouteResponses = Partial<Record<200 | 201 | 202, z.ZodType | null>>;

export interface RouteSpec {
  /** One line for the API's reference (the OpenAPI summary, docs/api.md). */
  summary: string;
  access: Access;
  /** A signed-in route for callers whose token says their email is verified only (else 403 EMAIL_NOT_VERIFIED). */
  verifiedEmail?: true;
  /** A feature some plans lack (contracts plans.ts): other plans get 403 PLAN_LIMIT, after the role check (decision 032). */
  planFeature?: PlanFeature;
  /** A webhook's proof that its provider sent it (the OpenAPI security scheme). */
  verifiedBy?: 'stripeSignature' | 'storeWebhookSecret';
  /** The path's values. Values it refuses are a 404 (`notFound`): a malformed id is as absent as another company's. */
  params?: z.ZodType;
  /** The 404's message when `params` refuses the path's values. Default: 'Not found'. */
  notFound?: string;
  /** The query string's values (strings; schemas coerce); refused: 400 VALIDATION. */
  query?: z.ZodType;
  /** The JSON body (an empty body reads as `{}`); refused: 400 VALIDATION. */
  body?: z.ZodType;
  /** The success answers: status -> the body's schema. Absent: 200 with a body the contracts do not describe. */
  responses?: RouteResponses;
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

/** Rows of the table: "METHOD /api/path" exactly as Hono lists the route (`app.routes`). */
export type RouteRows = Record<`${Method} /api${string}`, RouteSpec>;
