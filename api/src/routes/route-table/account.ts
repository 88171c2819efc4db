/**
 * The route table's rows for the app itself and the signed-in account: health, the login
 * redirect, this API's OpenAPI document, the caller's profile, signing in from BigCommerce (issue 34), the dashboard, the store connection
 * and the publication of the lowest prior price to its storefront (issue 36).
 */
import { CurrentUser } from '@catalog/contracts/auth';
import { AdoptInstallationBody, AdoptInstallationResponse, SignInWithCodeBody, SignInWithCodeResponse, WindowCodeResponse } from '@catalog/contracts/bigcommerce-app';
import { HealthResponse } from '@catalog/contracts/common';
import { DashboardStats } from '@catalog/contracts/dashboard';
import { PriorPricePublicationStatus } from '@catalog/contracts/prior-price-publication';
import { SaveSettingsBody, Settings, SettingsResponse } from '@catalog/contracts/settings';
import type { RouteRows } from './route-spec';

export const ACCOUNT_ROUTES = {
  'GET /api/health': { summary: 'Liveness, a round trip to the database, and which database it is', access: 'public', responses: { 200: HealthResponse } },
  'GET /api/login': { summary: 'Sends a browser to the sign-in page, keeping `from` when it is a path of this site', access: 'public', redirect: true },
  'GET /api/openapi.json': { summary: 'This API as an OpenAPI 3.1 document', access: 'public' },

  'GET /api/auth/user': { summary: 'The signed-in user, with their role and company', access: 'self', responses: { 200: CurrentUser } },
  'POST /api/auth/user/walkthrough-complete': { summary: 'Marks the walkthrough seen, so it is not shown again', access: 'self', responses: { 200: CurrentUser } },

  'POST /api/bigcommerce/sign-in': {
    summary: 'Trades a one-time sign-in code (from a load in BigCommerce\u2019s control panel, or "Open in its own window") for a Firebase custom token',
    access: 'public', body: SignInWithCodeBody, responses: { 200: SignInWithCodeResponse },
  },
  'POST /api/bigcommerce/adopt': {
    summary: 'The company\u2019s owner adopts a store\u2019s installation from BigCommerce, with the code its install page gave (decision 056)',
    access: 'settings.adoptInstallation', body: AdoptInstallationBody, responses: { 200: AdoptInstallationResponse },
  },
  'POST /api/bigcommerce/window-code': {
    summary: 'A one-time sign-in code for the caller (a user from BigCommerce), to open the app in a window of its own',
    access: 'self', responses: { 200: WindowCodeResponse },
  },

  'GET /api/dashboard': { summary: 'The dashboard\u2019s numbers, and the orders that need someone', access: 'catalog.read', responses: { 200: DashboardStats } },

  'GET /api/settings': { summary: 'The store connection, its access token masked; null before one is saved', access: 'settings.read', responses: { 200: SettingsResponse } },
  'POST /api/settings': {
    summary: 'Connects the store once it accepted the credentials; another store starts its catalog afresh and cancels pending orders',
    access: 'settings.update', body: SaveSettingsBody, responses: { 200: Settings },
  },
  'DELETE /api/settings': { summary: 'Disconnects the store: its catalog, pending orders and credentials go', access: 'settings.update', responses: { 200: SettingsResponse } },
  'GET /api/settings/prior-price-publication': {
    summary: 'How the lowest prior price stands on the storefront: off, pending, published (variants, when) or failing (why, failures in a row, the next try)',
    access: 'settings.readPublication', responses: { 200: PriorPricePublicationStatus },
  },
} as const satisfies RouteRows;
