/**
 * Installing the app: Chromium offers installation with a `beforeinstallprompt` event, which may
 * fire before any React screen is mounted. This module (imported first by the entry, main.tsx) keeps
 * that event from showing the browser's own mini-infobar and holds it, so an Install button can
 * call `prompt()` later; `appinstalled`, or running as an installed app (display-mode
 * standalone), hides the button for good. Inside another page's frame (BigCommerce's control panel,
 * issue 34) it is never shown: browsers install top-level pages only.
 *
 * No React here: the entry imports this before any of the app loads. The button
 * (install-button.tsx) follows `subscribeInstallOffer` and `canInstallNow`.
 */
import { isFramed } from '../lib/framed';

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function runningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  // Safari on iOS says so with navigator.standalone.
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function onBeforeInstallPrompt(event: Event): void {
  // Our own button asks, at a moment the user chooses, instead of the browser's infobar.
  event.preventDefault();
  deferred = event as BeforeInstallPromptEvent;
  notify();
}

function onAppInstalled(): void {
  installed = true;
  deferred = null;
  notify();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  window.addEventListener('appinstalled', onAppInstalled);
}

/** Calls `listener` whenever the offer comes, is used or ends; returns the unsubscribe function. */
export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser offers installation now, and the app is not running installed nor in a frame. */
export function canInstallNow(): boolean {
  return deferred !== null && !installed && !runningInstalled() && !isFramed();
}

/**
 * Shows the browser's install dialog. Resolves with the user's answer; a prompt can be used only
 * once, so the button hides until the browser offers installation again.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  const choice = await event.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
  if (choice.outcome === 'accepted') onAppInstalled();
  return choice.outcome;
}
