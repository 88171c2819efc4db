/**
 * POST /api/sync: starts a catalog sync; the response streams its progress (read with
 * utils/read-sync-stream.ts). A refusal before streaming (no store connected, a sync already
 * running) throws ApiError with the server's message.
 */
import { apiStream } from '../../../lib/api-client';

export function startSync(signal?: AbortSignal): Promise<Response> {
  return apiStream('/api/sync', { method: 'POST', body: {}, signal });
}
