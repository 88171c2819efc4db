/**
 * Builds the HTTP app from its dependencies (database, configuration, logger), so tests drive
 * the same app in process with `app.request(...)` as production serves over a socket.
 * Every failure leaves here in one shape: `{ error: { code, message, fields? } }`.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { Config } from './config';
import type { Database } from './db/repositories';
import { checkUrl, errorJson } from './lib/http';
import type { Logger } from './lib/logger';
import { type AppEnv, requestLog } from './middleware/request-log';
import { cacheVerifiedTokens, type TokenVerifier } from './auth/verify-token';
import { authenticate } from './middleware/authenticate';
import { compressResponses } from './middleware/compress';
import { noStoreSignedIn } from './middleware/no-store';
import { createRateLimiting, type RateLimiting, type RateLimits } from './middleware/rate-limit';
import type { SecretBox } from './lib/secrets';
import { authRoutes } from './routes/auth/auth.routes';
import { backupRoutes } from './routes/backups/backups.routes';
import { dashboardRoutes } from './routes/dashboard/dashboard.routes';
import { healthRoutes } from './routes/health/health.routes';
import { loginRedirectRoutes } from './routes/auth/login-redirect.routes';
import { companyRoutes } from './routes/company/company.routes';
import { invitationRoutes } from './routes/invitations/invitations.routes';
import { myInvitationRoutes } from './routes/invitations/my-invitations.routes';
import { registerRoutes } from './routes/define-routes';
import { openApiRoutes } from './routes/openapi/openapi.routes';
import { catalogRoutes, categoriesRoutes, productsRoutes, variantsRoutes } from './routes/products/products.routes';
import { lowestPriceRoutes } from './routes/products/lowest-price.routes';
import { lowestPricesRoutes } from './routes/products/lowest-prices.routes';
import { priceHistoryRoutes } from './routes/price-history/price-history.routes';
import { settingsRoutes } from './routes/settings/settings.routes';
import { bigCommerceSignInRoutes, registerBigCommerceCallbacks } from './routes/bigcommerce/bigcommerce-app.routes';
import type { AppRegistration, BigCommerceAppDeps } from './services/bigcommerce-app/app-deps';
import type { CustomTokenMinter } from './services/bigcommerce-app/custom-token';
import { controlPanelFraming } from './middleware/control-panel-framing';
import { priceListRoutes } from './routes/price-lists/price-lists.routes';
import { storeWebhookRoutes } from './routes/store-webhooks/store-webhooks.routes';
import { stripeWebhookRoutes } from './routes/stripe-webhook/stripe-webhook.routes';
import { subscriptionRoutes } from './routes/subscription/subscription.routes';
import { syncRoutes } from './routes/sync/sync.routes';
import { workOrderReadRoutes } from './routes/work-orders/work-orders-read.routes';
import { workOrderRoutes } from './routes/work-orders/work-orders.routes';
import { billingFromConfig, type Billing } from './services/billing/billing';
import { createProvisioner } from './services/provisioning';
import type { InvitationDelivery } from './services/invitations/deliver-invitation';
import type { CommerceFactory } from './services/store-connection';
import { SyncRegistry } from './services/sync/sync-registry';
import { demoStoreFor, type RuntimeConfig, webApp } from './web/static';

export interface AppDeps {
  /** `publicUrl`: the origin of every link the app hands out or redirects to (PUBLIC_URL), never a request's Host. */
  config: Pick<Config, 'webDistDir' | 'maxBodyBytes' | 'frameOrigins' | 'nodeEnv' | 'firebase' | 'publicUrl'> &
    /** Who may frame the app's pages (BigCommerce's control panel); absent: nobody. */
    Partial<Pick<Config, 'controlPanelOrigins'>> &
    /** Tells the web app whether it talks to the local demo store (web/static.ts demoStoreFor). */
    Partial<Pick<Config, 'bigcommerceApiUrl'>> &
    /** Where the store's webhooks deliver (decision 036); absent: none are registered. */
    Partial<Pick<Config, 'storeWebhookUrl'>> &
    /** Proxies whose X-Forwarded-For gives the client's address (rate limits). Default 0: the socket's. */
    Partial<Pick<Config, 'trustProxy'>>;
  db: Database;
  logger: Logger;
  /** Verifies Firebase ID tokens (signed, or the emulator's in local mode). */
  verifyToken: TokenVerifier;
  /** A BigCommerce client for a store's credentials (BIGCOMMERCE_API_URL; tests: a demo store). */
  commerce: CommerceFactory;
  /** Encrypts secrets at rest (the store access token) under APP_SECRET. */
  secrets: SecretBox;
  /** The syncs running in this process; server.ts cancels them on shutdown. Default: a new one. */
  syncs?: SyncRegistry;
  /** How invitations (and work-order emails) reach people: SMTP. Default: links only, shown in the app. */
  invitations?: Omit<InvitationDelivery, 'publicUrl'>;
  /** The time teams and invitations go by (expiry); tests move it. Default: the system clock. */
  now?: () => Date;
  /** Plans and Stripe (checkout, changes, webhooks). Default: billing with no Stripe (plan changes refused). */
  billing?: Billing;
  /**
   * Requests allowed per window of each limit (middleware/rate-limit.ts; server.ts passes
   * RATE_LIMIT_*). A limit left out, or 0, is off; absent: no limits at all (tests).
   */
  rateLimits?: RateLimits;
  /**
   * Installing from BigCommerce (issue 34): the app's registration and how users are signed in
   * to Firebase. Absent: the callbacks answer a page that says the server is not set up for it.
   */
  bigcommerceApp?: { registration: AppRegistration; mintCustomToken: CustomTokenMinter };
}

export function createApp(deps: AppDeps) {
  const { config, logger } = deps;
  const emulatorOrigin = config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null;
  const web = webApp(config.webDistDir, {
    firebase: { projectId: config.firebase.projectId, authEmulatorUrl: emulatorOrigin },
    demoStore: demoStoreFor(config.bigcommerceApiUrl),
  } satisfies RuntimeConfig);
  // Firebase Auth: its REST endpoints, the Google sign-in script and the auth handler frame.
  const identityConnect = emulatorOrigin
    ? [emulatorOrigin]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
  const identityFrames = [...(emulatorOrigin ? [emulatorOrigin] : []), 'https://*.firebaseapp.com', 'https://accounts.google.com'];

  // Counters in PostgreSQL's rate_limits table when there is one (shared by every API process).
  const limits = createRateLimiting({ limits: deps.rateLimits ?? {}, pgPool: deps.db.pgPool, trustProxy: config.trustProxy, logger });

  const app = new Hono<AppEnv>();
  app.use(requestLog(logger));
  app.use('/api/*', noStoreSignedIn());
  // Outside secureHeaders: rewrites its frame-ancestors on the pages BigCommerce's control panel frames.
  if (config.controlPanelOrigins?.length) app.use(controlPanelFraming(config.controlPanelOrigins));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...web.inlineScriptHashes, 'https://apis.google.com'],
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...identityConnect],
        frameSrc: ["'self'", ...identityFrames, ...config.frameOrigins],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: config.nodeEnv === 'production' ? 'max-age=15552000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
      // Google sign-in opens a popup that must keep talking to this page.
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
    }),
  );
  // Before anything decodes the path or the query: a malformed percent-encoding is a 400.
  app.use(checkUrl());
  app.use(compressResponses());
  const limitBody = bodyLimit({
    maxSize: config.maxBodyBytes,
    onError: (c) =>
      errorJson(c, new ApiError(ErrorCode.PAYLOAD_TOO_LARGE, `The request body is larger than ${config.maxBodyBytes} bytes`)),
  });
  // GET and HEAD carry no body we read; looking for one makes the Node adapter build a full
  // web Request, a large share of a cheap GET's cost.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  // Unauthenticated endpoints (an invitation's link and accept): per client address, before anything runs.
  app.use('/api/*', limits.publicAddress);

  const syncs = deps.syncs ?? new SyncRegistry(deps.db);
  const now = deps.now ?? (() => new Date());
  const bigcommerce = deps.bigcommerceApp && {
    db: deps.db, secrets: deps.secrets, commerce: deps.commerce, syncs, now,
    app: deps.bigcommerceApp.registration,
    mintCustomToken: deps.bigcommerceApp.mintCustomToken,
    webhookOrigin: config.storeWebhookUrl,
  };
  registerApi(app, { ...deps, syncs, now }, limits, bigcommerce);
  registerBigCommerceCallbacks(app, bigcommerce);
  // The web app answers everything outside /api; unknown API routes fall through to notFound.
  app.use('*', async (c, next) => (c.req.path.startsWith('/api/') || c.req.path === '/api' ? next() : web.handler(c, next)));

  app.notFound((c) =>
    errorJson(c, new ApiError(ErrorCode.NOT_FOUND, c.req.path.startsWith('/api') ? `No route for ${c.req.method} ${c.req.path}` : 'Not found')),
  );
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorJson(c, err);
    if (err instanceof HTTPException) {
      const code = err.status === 401 ? ErrorCode.UNAUTHENTICATED : err.status === 413 ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.VALIDATION;
      return errorJson(c, new ApiError(code, err.message || 'Bad request'));
    }
    c.get('log')?.error('unhandled error', {
      error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
    });
    return errorJson(c, new ApiError(ErrorCode.INTERNAL, 'Something went wrong on our side. Please try again.'));
  });

  return app;
}

/** Every route of the route table, with the handlers each resource's file declares (routes/define-routes.ts). */
function registerApi(app: Hono<AppEnv>, appDeps: AppDeps, limits: RateLimiting, bigcommerce: BigCommerceAppDeps | undefined) {
  // Links in emails (invitations, work-order decisions) are on config.publicUrl, whatever the request's Host.
  const invitations: InvitationDelivery = { mailer: appDeps.invitations?.mailer ?? null, publicUrl: appDeps.config.publicUrl };
  const deps = { ...appDeps, invitations, syncs: appDeps.syncs ?? new SyncRegistry(appDeps.db), now: appDeps.now ?? (() => new Date()) };
  // Each token is checked once until it expires; the caller's user row comes from a short-lived
  // cache on GET and HEAD and is read anew otherwise (middleware/authenticate.ts).
  const signIn = authenticate(cacheVerifiedTokens(deps.verifyToken), createProvisioner(deps.db));
  // Once the caller is known: their rate limits (overall, and the route's own).
  const auth: typeof signIn = (c, next) => signIn(c, async () => {
    await limits.user(c, next);
  });
  const billing = deps.billing ?? billingFromConfig(undefined, { db: deps.db, logger: deps.logger, publicUrl: deps.config.publicUrl });
  // Sign-in sits on each route whose row asks for it (not on a prefix or '*'): an unknown path is
  // a 404, not a 401, and public routes and webhooks carry no user (a signature or a secret instead).
  registerRoutes(app, { auth, db: deps.db }, [
    healthRoutes(deps),
    loginRedirectRoutes(),
    openApiRoutes(),
    authRoutes(deps),
    dashboardRoutes(deps),
    settingsRoutes(deps),
    syncRoutes(deps),
    productsRoutes(deps),
    lowestPriceRoutes(deps),
    lowestPricesRoutes(deps),
    priceHistoryRoutes(deps),
    variantsRoutes(deps),
    categoriesRoutes(deps),
    catalogRoutes(deps),
    priceListRoutes(deps),
    workOrderReadRoutes(deps),
    workOrderRoutes(deps),
    backupRoutes(deps),
    companyRoutes(deps),
    myInvitationRoutes(deps),
    invitationRoutes({ ...deps, delivery: invitations }),
    subscriptionRoutes({ db: deps.db, billing }),
    stripeWebhookRoutes({ billing }),
    storeWebhookRoutes({ ...deps, limits: limits.webhook }),
    bigCommerceSignInRoutes({ db: deps.db, now: deps.now, bigcommerce }),
  ]);
}
