/**
 * How an outbox entry reaches the server: its stored request, sent through the app's API client
 * with the entry's id as the Idempotency-Key, so a replay after a lost answer is applied once.
 * The app's outbox sends with `apiOutboxTransport`; tests give `createOutbox` a stand-in.
 */
import { apiFetch } from '../lib/api-client';
import type { OutboxEntry } from './catalog-db';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Sends one entry's request and resolves to the server's answer; throws ApiError for a refusal
 * and an Error for no answer (offline, network).
 */
export type OutboxTransport = (entry: OutboxEntry) => Promise<unknown>;

export const apiOutboxTransport: OutboxTransport = (entry) =>
  apiFetch(entry.request.path, {
    method: entry.request.method,
    body: entry.request.body,
    headers: { [IDEMPOTENCY_HEADER]: entry.id },
  });
