import { describe, expect, it } from 'vitest';
import { onBeforeReload } from '../lib/before-reload';
import { reloadIntoNewVersion } from './reload-into-new-version';

describe('reloadIntoNewVersion', () => {
  it('saves drafts before the new service worker reloads the page', async () => {
    const steps: string[] = [];
    const stop = onBeforeReload(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      steps.push('draft saved');
    });
    await reloadIntoNewVersion(async (reloadPage) => {
      steps.push(`reload ${String(reloadPage)}`);
    });
    stop();
    expect(steps).toEqual(['draft saved', 'reload true']);
  });

  it('still reloads when a save fails', async () => {
    const stop = onBeforeReload(() => Promise.reject(new Error('disk')));
    let reloaded = false;
    const error = console.error;
    console.error = () => {};
    try {
      await reloadIntoNewVersion(async () => {
        reloaded = true;
      });
    } finally {
      console.error = error;
      stop();
    }
    expect(reloaded).toBe(true);
  });
});
