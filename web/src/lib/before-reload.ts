/**
 * Work that must finish before the app reloads itself (the "A new version is available" prompt):
 * e.g. the work-order form writes its draft now instead of after its autosave delay. Layers
 * register with `onBeforeReload`; the reload awaits `runBeforeReload()` first.
 */

export type BeforeReloadCallback = () => void | Promise<void>;

const callbacks = new Set<BeforeReloadCallback>();

export function onBeforeReload(callback: BeforeReloadCallback): () => void {
  callbacks.add(callback);
  return () => callbacks.delete(callback);
}

/** Runs every callback (failures are logged: the reload still happens). */
export async function runBeforeReload(): Promise<void> {
  const results = await Promise.allSettled([...callbacks].map(async (callback) => callback()));
  for (const result of results) {
    if (result.status === 'rejected') console.error('Saving before the reload failed', result.reason);
  }
}
