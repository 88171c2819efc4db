/** POST /api/sync/cancel: stops the company's running sync at its next page boundary. */
import { apiFetch } from '../../../lib/api-client';

export function cancelSync(): Promise<unknown> {
  return apiFetch('/api/sync/cancel', { method: 'POST' });
}
