/**
 * The control panel's HTML: one plain page shell (a header naming the store and the signed-in
 * user, with a link to sign in as the other one), the dashboard (the app's card, the users and
 * their access), the install consent page and the page that frames the app. Every value is
 * escaped by hono's html``; the style sheet is allowed by its hash, so the page's CSP allows no
 * script, no other style, frames only from the app's origin and forms only to itself.
 */
import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { StoreUser, StoreUserRole } from './app-payload';
import type { RegisteredApp } from './app-registration';

/** A page's body: html`` escapes every value put in it. */
export type Html = ReturnType<typeof html>;

/** Who is looking at which store. */
export interface Session {
  hash: string;
  role: StoreUserRole;
  user: StoreUser;
  /** Every store served, for links to the others. */
  hashes: string[];
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
  body { margin: 0; background: #f1f3f7; color: #1c1f2b; min-height: 100vh; display: flex; flex-direction: column; }
  header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; padding: .75rem 1.5rem; background: #1c1f2b; color: #fff; }
  header a { color: #c9d4ff; }
  header .brand { font-weight: 700; }
  main { flex: 1; width: 100%; max-width: 52rem; margin: 0 auto; padding: 1.5rem; box-sizing: border-box; }
  main.framed { max-width: none; padding: 0; display: flex; flex-direction: column; }
  .framed .bar { padding: .5rem 1.5rem; background: #fff; border-bottom: 1px solid #d5dae3; }
  iframe { flex: 1; width: 100%; min-height: 30rem; border: 0; background: #fff; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
  section, .card { background: #fff; border: 1px solid #d5dae3; border-radius: 8px; padding: 1.25rem; margin: 0 0 1.25rem; }
  .muted { color: #525a6b; }
  .notice { background: #eef6ee; border: 1px solid #3d7a45; border-radius: 8px; padding: .75rem 1rem; margin: 0 0 1.25rem; }
  .notice.problem { background: #fdf1ec; border-color: #b3461f; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-top: 1rem; }
  .actions form { margin: 0; }
  a.button, button { font: inherit; font-weight: 600; padding: .5rem 1rem; border-radius: 6px; border: 1px solid #3447c4; background: #3447c4; color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
  button.secondary { background: #fff; color: #3447c4; }
  button.danger { background: #fff; color: #a3261b; border-color: #a3261b; }
  a { color: #3447c4; }
  a:focus-visible, button:focus-visible { outline: 3px solid #1c1f2b; outline-offset: 2px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #e3e7ee; vertical-align: middle; }
  code { font-size: .9em; overflow-wrap: anywhere; }
  ul.scopes li { margin: .25rem 0; }
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** A control panel URL for this session (or as the other user): `/manage{path}?store=...&as=...`. */
export function panelUrl(session: Pick<Session, 'hash' | 'role'>, path = '', role: StoreUserRole = session.role): string {
  return `/manage${path}?${new URLSearchParams({ store: session.hash, as: role }).toString()}`;
}

/** The page and its CSP: frames from the app's origin only, forms to the control panel only. */
export function renderPage(options: { title: string; body: Html; session?: Session; app?: RegisteredApp | null; framed?: boolean }) {
  const { title, body, session, app, framed = false } = options;
  const other: StoreUserRole = session?.role === 'owner' ? 'staff' : 'owner';
  const header = session
    ? html`<header>
  <span class="brand">Demo store control panel</span>
  <span>Store <code>${session.hash}</code></span>
  <span>Signed in as ${session.user.name} (${session.user.email})</span>
  <a href="${panelUrl(session, '', other)}">Sign in as the ${other === 'owner' ? 'store owner' : 'staff user'}</a>
  <a href="${panelUrl(session)}">Dashboard</a>
</header>`
    : html`<header><span class="brand">Demo store control panel</span></header>`;
  const document = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Demo store control panel</title><style>${raw(STYLE)}</style></head>
<body>${header}<main class="${framed ? 'framed' : ''}">${body}</main></body></html>`;
  const frameSrc = app ? app.appOrigin : "'none'";
  const csp = `default-src 'none'; style-src ${STYLE_HASH}; frame-src ${frameSrc}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
  return { document, csp };
}

/** What an action did, shown above the dashboard. */
export interface Notice {
  text: string;
  problem?: boolean;
}

function appCard(session: Session, app: RegisteredApp, installed: boolean, hasAccess: boolean): Html {
  const action = (path: string, label: string, kind = '') =>
    html`<form method="post" action="${panelUrl(session, path)}"><button type="submit" class="${kind}">${label}</button></form>`;
  let actions: Html;
  if (!installed) actions = html`<a class="button" href="${panelUrl(session, '/install')}">Install</a>`;
  else if (!hasAccess) actions = html`<p class="muted">You do not have access to this app. The store owner can give it back.</p>`;
  else actions = html`<a class="button" href="${panelUrl(session, '/load')}">Open</a>${action('/uninstall', 'Uninstall', 'danger')}`;
  return html`<section class="card" aria-labelledby="app-title">
  <h2 id="app-title">App <code>${app.clientId}</code></h2>
  <p class="muted">${app.appUrl} · ${installed ? 'Installed' : 'Not installed'}</p>
  <div class="actions">${actions}</div>
</section>`;
}

function usersTable(session: Session, users: StoreUser[], installed: boolean, hasAccess: (id: number) => boolean): Html {
  const rows = users.map((user) => {
    const access = !installed ? 'App not installed' : hasAccess(user.id) ? 'Has access' : 'No access';
    let action: Html | string = '';
    if (installed && session.role === 'owner' && user.role !== 'owner') {
      const [path, label] = hasAccess(user.id) ? ['/remove-user', 'Remove access'] : ['/grant-user', 'Give access'];
      action = html`<form method="post" action="${panelUrl(session, path)}"><input type="hidden" name="user_id" value="${user.id}"><button type="submit" class="secondary">${label}</button></form>`;
    }
    return html`<tr><td>${user.name}</td><td>${user.email}</td><td>${user.id}</td><td>${access}</td><td>${action}</td></tr>`;
  });
  return html`<section aria-labelledby="users-title">
  <h2 id="users-title">Users</h2>
  <table><thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Id</th><th scope="col">App access</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
  <tbody>${rows}</tbody></table>
</section>`;
}

export function dashboardBody(options: {
  session: Session;
  app: RegisteredApp;
  installed: boolean;
  users: StoreUser[];
  hasAccess: (id: number) => boolean;
  notice?: Notice;
}): Html {
  const { session, app, installed, users, hasAccess, notice } = options;
  const others = session.hashes.filter((h) => h !== session.hash);
  return html`<h1>Apps</h1>
${notice ? html`<p class="notice${notice.problem ? ' problem' : ''}" role="status">${notice.text}</p>` : ''}
${appCard(session, app, installed, hasAccess(session.user.id))}
${usersTable(session, users, installed, hasAccess)}
${others.length > 0 ? html`<p class="muted">Other stores: ${others.map((h, i) => html`${i > 0 ? ', ' : ''}<a href="${panelUrl({ hash: h, role: session.role })}">${h}</a>`)}</p>` : ''}`;
}

export function consentBody(session: Session, app: RegisteredApp): Html {
  return html`<h1>Install app <code>${app.clientId}</code></h1>
<section>
  <p>The app at <code>${app.appUrl}</code> asks for these permissions on store <code>${session.hash}</code>:</p>
  <ul class="scopes">${app.scopes.map((scope) => html`<li><code>${scope}</code></li>`)}</ul>
  <p class="muted">The app needs all of them; they cannot be chosen one by one.</p>
  <div class="actions">
    <form method="post" action="${panelUrl(session, '/install')}"><button type="submit">Confirm</button></form>
    <a href="${panelUrl(session)}">Cancel</a>
  </div>
</section>`;
}

/** The app in the control panel's iframe (its auth or load callback), under a bar with a link back. */
export function framedBody(session: Session, caption: string, src: string, frameTitle: string): Html {
  return html`<div class="bar"><span class="muted">${caption}</span> · <a href="${panelUrl(session)}">Back to the dashboard</a></div>
<iframe src="${src}" title="${frameTitle}"></iframe>`;
}
