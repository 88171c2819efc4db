/**
 * What the store's server does when a user acts on the app (callbacks.mdx): the load callback's
 * URL for the control panel's iframe, and the server-to-server `GET /uninstall` and
 * `GET /remove_user` calls with a fresh signed_payload_jwt. As on BigCommerce, the store acts
 * whatever the app answers (it only shows the answer): removing a user takes their access away;
 * uninstalling calls the app first (its token still works during the call), then revokes the
 * token and codes, sends `store/app/uninstalled` to the app's hooks of that scope, and deletes
 * the app's hooks (webhooks-overview.mdx: "BigCommerce automatically deletes registered webhooks
 * on app uninstall").
 */
import { appPayloadClaims, signAppPayload } from './app-payload';
import type { StoreUser } from './app-payload';
import type { RegisteredApp } from './app-registration';
import type { Notice } from './control-panel-html';
import type { StoreAccount } from './store-state';

/** How long the store waits for the app to answer a callback. */
const CALLBACK_TIMEOUT_MS = 10_000;

const signedFor = (app: RegisteredApp, hash: string, user: StoreUser, nowMs: number) =>
  signAppPayload(app.clientSecret, appPayloadClaims({ clientId: app.clientId, hash, user, nowMs }));

/** `{appUrl}/bigcommerce/load?signed_payload_jwt=...` for this user: the iframe's src. */
export function loadUrl(app: RegisteredApp, hash: string, user: StoreUser, nowMs: number): string {
  return `${app.callbacks.load}?${new URLSearchParams({ signed_payload_jwt: signedFor(app, hash, user, nowMs) }).toString()}`;
}

/** The app's answer to a callback, in words: its status and the start of its body, or why there was none. */
async function callApp(url: string, jwt: string): Promise<{ text: string; ok: boolean }> {
  const name = new URL(url).pathname;
  try {
    const res = await fetch(`${url}?${new URLSearchParams({ signed_payload_jwt: jwt }).toString()}`, {
      headers: { Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    const body = (await res.text().catch(() => '')).trim();
    const shown = body.length > 200 ? `${body.slice(0, 200)}…` : body;
    return { ok: res.ok, text: `The app's ${name} answered ${res.status}${shown ? `: ${shown}` : ''}.` };
  } catch (err) {
    const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    return { ok: false, text: `The app's ${name} did not answer (${reason}).` };
  }
}

/** Takes `user`'s access away and tells the app (GET remove_user, the removed user in the payload). */
export async function removeUserAccess(app: RegisteredApp, account: StoreAccount, user: StoreUser, nowMs: number): Promise<Notice> {
  account.install.removeAccess(user.id);
  const answer = await callApp(app.callbacks.removeUser, signedFor(app, account.hash, user, nowMs));
  return { text: `${user.name} (${user.email}) no longer has access to the app. ${answer.text}`, problem: !answer.ok };
}

/** Uninstalls the app from the store, `user` clicking Uninstall (see the module's doc for the order). */
export async function uninstallApp(app: RegisteredApp, account: StoreAccount, user: StoreUser, nowMs: number): Promise<Notice> {
  const answer = await callApp(app.callbacks.uninstall, signedFor(app, account.hash, user, nowMs));
  account.install.uninstall();
  const sent = account.hooks.emit('store/app/uninstalled', { type: 'store' }, app.clientId);
  const deleted = account.hooks.deleteAllOf(app.clientId);
  const hooks = `store/app/uninstalled was sent to ${sent} webhook${sent === 1 ? '' : 's'}; the app's ${deleted} webhook${deleted === 1 ? ' was' : 's were'} deleted.`;
  return { text: `The app was uninstalled and its access token revoked. ${answer.text} ${hooks}`, problem: !answer.ok };
}
