import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogStatus } from '../../../local/catalog-status';
import { render, type Rendered } from '../../../testing/render';
import { CatalogDownloadProgress } from './catalog-download-progress';

const status: Pick<CatalogStatus, 'progress' | 'error'> = { progress: null, error: null };
vi.mock('../../../local/catalog-query', () => ({ useCatalogStatus: () => status }));

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

describe('CatalogDownloadProgress', () => {
  it("shows 'Downloading catalog… n of N' with a bar that moves only as pages are stored (no animation competing with the pull for the main thread)", async () => {
    status.progress = { done: 5_000, total: 100_000, initial: true };
    rendered = await render(<CatalogDownloadProgress />);
    expect(rendered.container.textContent).toContain('Downloading catalog… 5,000 of 100,000');
    const bar = rendered.container.querySelector('[aria-label="Catalog download"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('5');
    expect(rendered.container.querySelector('[data-animated]')).toBeNull();
  });

  it('shows nothing for a later pull', async () => {
    status.progress = { done: 10, total: 100_000, initial: false };
    rendered = await render(<CatalogDownloadProgress />);
    expect(rendered.container.querySelector('[role="status"]')).toBeNull();
  });
});
