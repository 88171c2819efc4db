/**
 * The "A new version is available" Reload: first everything registered with lib/before-reload
 * (drafts written now rather than after their autosave delay), then the waiting service worker
 * takes over and the page reloads. A failing save is logged by runBeforeReload; the reload
 * still happens, as the draft's last autosave is on the device already.
 */
import { runBeforeReload } from '../lib/before-reload';

export async function reloadIntoNewVersion(updateServiceWorker: (reloadPage?: boolean) => Promise<void>): Promise<void> {
  await runBeforeReload();
  await updateServiceWorker(true);
}
