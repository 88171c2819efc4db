/**
 * A small control panel at `/manage`, standing in for BigCommerce's for the registered app's
 * single-click install: `?store={hash}` (default: the `demo` store, else the first served) and
 * `?as=owner|staff` (the signed-in user, default the owner; the header links to the other).
 *
 *   GET  /manage                dashboard: the app's card (Install, or Open and Uninstall), the users
 *   GET  /manage/install        consent: the scopes the app asks for, a Confirm form
 *   POST /manage/install        issues a code and frames `{appUrl}/bigcommerce/auth?code&scope&context&account_uuid`
 *   GET  /manage/load           frames `{appUrl}/bigcommerce/load?signed_payload_jwt=...` for the signed-in user
 *   POST /manage/remove-user    (owner; form `user_id`) takes a user's access, calls `/bigcommerce/remove_user`
 *   POST /manage/grant-user     (owner; form `user_id`) gives it back (no callback)
 *   POST /manage/uninstall      calls `/bigcommerce/uninstall`, revokes the token, sends store/app/uninstalled
 *
 * The owner and the staff user (an authorized user) may install, open and uninstall; only the
 * owner removes a user. Without a registered app every route answers 503 naming the variables
 * to set. A POST from another origin is refused (403).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { html } from 'hono/html';
import { loadUrl, removeUserAccess, uninstallApp } from '../app-callbacks';
import { storeUser } from '../app-payload';
import type { StoreUserRole } from '../app-payload';
import { NO_APP_MESSAGE } from '../app-registration';
import type { RegisteredApp } from '../app-registration';
import { consentBody, dashboardBody, framedBody, panelUrl, renderPage } from '../control-panel-html';
import type { Html, Notice, Session } from '../control-panel-html';
import { DEMO_STORE } from '../store-state';
import type { DemoStoreState, StoreAccount } from '../store-state';

type Status = 200 | 400 | 403 | 404 | 409 | 503;
type Resolved<Refusal> = { app: RegisteredApp; account: StoreAccount; session: Session } | { refusal: Refusal };

export function controlPanelRoutes(state: DemoStoreState) {
  const send = (c: Context, title: string, body: Html, options: { session?: Session; framed?: boolean; status?: Status } = {}) => {
    const { document, csp } = renderPage({ title, body, session: options.session, app: state.registeredApp, framed: options.framed });
    c.header('Content-Security-Policy', csp);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(document, options.status ?? 200);
  };
  const problem = (c: Context, status: Status, title: string, text: string, session?: Session) =>
    send(c, title, html`<h1>${title}</h1><section><p>${text}</p>${session ? html`<p><a href="${panelUrl(session)}">Back to the dashboard</a></p>` : ''}</section>`, {
      session,
      status,
    });

  /** The app, the store and the signed-in user of a request, or the page refusing it. */
  const resolve = (c: Context): Resolved<ReturnType<typeof problem>> => {
    const app = state.registeredApp;
    if (!app) return { refusal: problem(c, 503, 'No app is registered', NO_APP_MESSAGE) };
    const hashes = state.accountList().map((a) => a.hash);
    const hash = c.req.query('store') ?? (hashes.includes(DEMO_STORE.hash) ? DEMO_STORE.hash : hashes[0]) ?? '';
    const account = state.account(hash);
    if (!account) return { refusal: problem(c, 404, 'Unknown store', `The demo store serves no store with hash "${hash}".`) };
    const as = c.req.query('as') ?? 'owner';
    if (as !== 'owner' && as !== 'staff') return { refusal: problem(c, 400, 'Unknown user', 'Sign in with as=owner or as=staff.') };
    const role: StoreUserRole = as;
    return { app, account, session: { hash, role, user: storeUser(hash, role), hashes } };
  };

  const dashboard = (c: Context, r: { app: RegisteredApp; account: StoreAccount; session: Session }, notice?: Notice) =>
    send(
      c,
      'Apps',
      dashboardBody({
        session: r.session,
        app: r.app,
        installed: r.account.install.installed,
        users: [storeUser(r.session.hash, 'owner'), storeUser(r.session.hash, 'staff')],
        hasAccess: (id) => r.account.install.hasAccess(id),
        notice,
      }),
      { session: r.session },
    );

  /**
   * A POST must come from the control panel's own pages (no Origin header: a test, or curl). Its
   * pages send no referrer, so a browser's form POST says `Origin: null`; Sec-Fetch-Site, which
   * every current browser sends, tells same-origin from foreign then.
   */
  const foreignPost = (c: Context) => {
    const site = c.req.header('Sec-Fetch-Site');
    if (site !== undefined) return site !== 'same-origin' && site !== 'none';
    const origin = c.req.header('Origin');
    return origin !== undefined && origin !== new URL(c.req.url).origin;
  };
  const userIdOf = async (c: Context) => Number((await c.req.parseBody())['user_id']);

  return new Hono()
    .use('/manage/*', async (c, next) => {
      if (c.req.method === 'POST' && foreignPost(c)) return problem(c, 403, 'Refused', 'This form was sent from another site.');
      await next();
    })
    .get('/manage', (c) => {
      const r = resolve(c);
      return 'refusal' in r ? r.refusal : dashboard(c, r);
    })
    .get('/manage/install', (c) => {
      const r = resolve(c);
      if ('refusal' in r) return r.refusal;
      if (r.account.install.installed) return problem(c, 409, 'Already installed', 'The app is already installed on this store.', r.session);
      return send(c, 'Install app', consentBody(r.session, r.app), { session: r.session });
    })
    .post('/manage/install', (c) => {
      const r = resolve(c);
      if ('refusal' in r) return r.refusal;
      if (r.account.install.installed) return problem(c, 409, 'Already installed', 'The app is already installed on this store.', r.session);
      const code = r.account.install.issueCode(r.app.scopes, r.session.user.id);
      const query = new URLSearchParams({ code, scope: r.app.scopes.join(' '), context: `stores/${r.session.hash}`, account_uuid: r.app.accountUuid });
      const src = `${r.app.callbacks.auth}?${query.toString()}`;
      return send(c, 'Installing', framedBody(r.session, 'Installing the app', src, 'App install'), { session: r.session, framed: true });
    })
    .get('/manage/load', (c) => {
      const r = resolve(c);
      if ('refusal' in r) return r.refusal;
      if (!r.account.install.installed) return problem(c, 409, 'Not installed', 'Install the app first.', r.session);
      if (!r.account.install.hasAccess(r.session.user.id)) {
        return problem(c, 403, 'No access', 'You do not have access to this app. The store owner can give it back.', r.session);
      }
      const src = loadUrl(r.app, r.session.hash, r.session.user, state.now());
      return send(c, 'App', framedBody(r.session, `App ${r.app.clientId}`, src, `App ${r.app.clientId}`), { session: r.session, framed: true });
    })
    .post('/manage/remove-user', async (c) => {
      const r = resolve(c);
      if ('refusal' in r) return r.refusal;
      if (r.session.role !== 'owner') return problem(c, 403, 'Refused', 'Only the store owner removes a user’s access.', r.session);
      if (!r.account.install.installed) return problem(c, 409, 'Not installed', 'The app is not installed.', r.session);
      const staff = storeUser(r.session.hash, 'staff');
      if ((await userIdOf(c)) !== staff.id) return problem(c, 400, 'Unknown user', `Send user_id=${staff.id} (the owner keeps access).`, r.session);
      return dashboard(c, r, await removeUserAccess(r.app, r.account, staff, state.now()));
    })
    .post('/manage/grant-user', async (c) => {
      const r = resolve(c);
      if ('refusal' in r) return r.refusal;
      if (r.session.role !== 'owner') return problem(c, 403, 'Refused', 'Only the store owner gives a user access.', r.session);
      const staff = storeUser(r.session.hash, 'staff');
      if ((await userIdOf(c)) !== staff.id) return problem(c, 400, 'Unknown user', `Send user_id=${staff.id}.`, r.session);
      r.account.install.grantAccess(staff.id);
      return dashboard(c, r, { text: `${staff.name} (${staff.email}) has access to the app again.` });
    })
    .post('/manage/uninstall', async (c) => {
      const r = resolve(c);
      if ('refusal' in r) return r.refusal;
      if (!r.account.install.installed) return problem(c, 409, 'Not installed', 'The app is not installed.', r.session);
      if (!r.account.install.hasAccess(r.session.user.id)) return problem(c, 403, 'No access', 'You do not have access to this app.', r.session);
      return dashboard(c, r, await uninstallApp(r.app, r.account, r.session.user, state.now()));
    });
}
