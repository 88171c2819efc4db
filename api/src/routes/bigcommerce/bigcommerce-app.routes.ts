/**
 * The app as BigCommerce installs it (issue 34, decision 056). BigCommerce's callbacks, outside
 * /api (their paths are registered in the developer portal): GET /bigcommerce/auth (the install,
 * in the merchant's browser), /load (opening the app in the control panel), /uninstall and
 * /remove_user (from BigCommerce's servers). Auth and load answer a redirect that signs the user
 * in inside the control panel's iframe, or a page that says what went wrong; uninstall and
 * remove_user answer JSON. And the two /api routes of the route table that carry a session by
 * a one-time code: POST /api/bigcommerce/sign-in (public) and POST /api/bigcommerce/window-code.
 */
import type { Hono } from 'hono';
import { APP_PAGE_MESSAGES, AuthCallbackQuery, SignedPayloadQuery } from '@catalog/contracts/bigcommerce-app';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { Database } from '../../db/repositories';
import type { AppEnv } from '../../middleware/request-log';
import type { BigCommerceAppDeps, Refusal } from '../../services/bigcommerce-app/app-deps';
import { load, removeUser, uninstall } from '../../services/bigcommerce-app/callbacks';
import { adopt } from '../../services/bigcommerce-app/adopt';
import { install } from '../../services/bigcommerce-app/install';
import { appPage } from '../../services/bigcommerce-app/pages';
import { issueSignInCode, takeSignInCode } from '../../services/bigcommerce-app/sign-in-codes';
import { defineRoutes } from '../define-routes';

const NOT_CONFIGURED: Refusal = { status: 503, title: 'The app is not set up for BigCommerce', message: APP_PAGE_MESSAGES.notConfigured };

/** The callbacks' routes; `deps` undefined (no client id and secret configured): each answers a page that says so. */
export function registerBigCommerceCallbacks(app: Hono<AppEnv>, deps: BigCommerceAppDeps | undefined) {
  const page = (c: Parameters<typeof appPage>[0], refusal: Refusal) => appPage(c, refusal.status, refusal.title, refusal.message);
  /** The payload of a load, uninstall or remove_user; a refusal when it is missing. */
  const jwtOf = (c: Parameters<typeof appPage>[0]) => SignedPayloadQuery.safeParse({ signed_payload_jwt: c.req.query('signed_payload_jwt') });

  app.get('/bigcommerce/auth', async (c) => {
    if (!deps) return page(c, NOT_CONFIGURED);
    const query = AuthCallbackQuery.safeParse(c.req.query());
    if (!query.success) return page(c, { status: 400, title: 'The app could not be installed', message: APP_PAGE_MESSAGES.missingCode });
    const outcome = await install(deps, query.data, c.get('log'));
    if (!outcome.ok) return appPage(c, outcome.refusal.status, outcome.refusal.title, outcome.refusal.message, outcome.action);
    // The first sync runs on; its end is logged by itself.
    void outcome.firstSync;
    return c.redirect(outcome.path, 302);
  });

  app.get('/bigcommerce/load', async (c) => {
    if (!deps) return page(c, NOT_CONFIGURED);
    const query = jwtOf(c);
    if (!query.success) return page(c, { status: 401, title: 'This link is not valid', message: APP_PAGE_MESSAGES.invalidLink });
    const outcome = await load(deps, query.data.signed_payload_jwt, c.get('log'));
    return 'status' in outcome ? page(c, outcome) : c.redirect(outcome.path, 302);
  });

  for (const [path, handle] of [['/bigcommerce/uninstall', uninstall], ['/bigcommerce/remove_user', removeUser]] as const) {
    app.get(path, async (c) => {
      c.header('Cache-Control', 'no-store');
      if (!deps) return c.json({ error: { code: 'NOT_CONFIGURED', message: NOT_CONFIGURED.message } }, 503);
      const query = jwtOf(c);
      if (!query.success) return c.json({ error: { code: 'UNAUTHENTICATED', message: APP_PAGE_MESSAGES.invalidLink } }, 401);
      const outcome = await handle(deps, query.data.signed_payload_jwt, c.get('log'));
      if ('status' in outcome) return c.json({ error: { code: 'UNAUTHENTICATED', message: outcome.message } }, outcome.status);
      return c.json({ ok: true });
    });
  }
}

export interface SignInCodeDeps {
  db: Database;
  now: () => Date;
  /** Undefined when the app is not set up for BigCommerce: the routes answer 404. */
  bigcommerce: BigCommerceAppDeps | undefined;
}

export function bigCommerceSignInRoutes({ db, now, bigcommerce }: SignInCodeDeps) {
  const mintCustomToken = bigcommerce?.mintCustomToken;
  const NOT_SET_UP = () => new ApiError(ErrorCode.NOT_FOUND, APP_PAGE_MESSAGES.notConfigured);
  return defineRoutes({
    'POST /api/bigcommerce/sign-in': async (c, { body }) => {
      if (!mintCustomToken) throw NOT_SET_UP();
      const taken = await takeSignInCode(db, body.code, now());
      const user = taken ? await db.users.getById(taken.companyId, taken.userId) : null;
      if (!user?.firebaseUid || !user.isActive) {
        throw new ApiError(ErrorCode.UNAUTHENTICATED, 'This sign-in link is not valid any more: open the app again from your BigCommerce control panel');
      }
      return c.json({ customToken: await mintCustomToken(user.firebaseUid) });
    },
    'POST /api/bigcommerce/adopt': async (c, { body }) => {
      if (!bigcommerce) throw NOT_SET_UP();
      return c.json(await adopt(bigcommerce, c.get('user'), body.code, c.get('log')));
    },
    'POST /api/bigcommerce/window-code': async (c) => {
      if (!mintCustomToken) throw NOT_SET_UP();
      // The same user, in a window of its own (a user from BigCommerce, whose session the iframe holds).
      const { path } = await issueSignInCode(db, c.get('user').id, now());
      return c.json({ path });
    },
  });
}
