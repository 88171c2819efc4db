/**
 * Building blocks every resource shares: ids, ISO timestamps, path parameters, the plain
 * `{ message }` result of write calls, and the health check.
 */
import { z } from 'zod';

/** A timestamp on the wire: ISO 8601 with a zone ("2025-03-01T09:30:00.000Z" or "+02:00"). */
export const IsoDateTime = z.iso.datetime({ offset: true, error: 'Enter a valid date and time' });
export type IsoDateTime = z.infer<typeof IsoDateTime>;

/**
 * Products, variants and price history entries are numbered by the server (products and
 * variants keep the store's own ids). Invitations and users are keyed by UUIDs.
 */
export const IntId = z.number().int().positive();
export type IntId = z.infer<typeof IntId>;

/** Records a device may create offline (work orders) carry a client-generated UUID. */
export const Uuid = z.uuid();

/** `/:id` for numbered records: digits only, so "1e3" or "0x10" never reach a query. */
export const IntIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'Not a valid id' })
    .transform(Number),
});
export type IntIdParam = z.infer<typeof IntIdParam>;

/** `/:id` for records keyed by a UUID. */
export const UuidParam = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
export type UuidParam = z.infer<typeof UuidParam>;

/** `/:token` for invitation links and their accept call (which also takes an id). */
export const TokenParam = z.object({ token: z.string().trim().min(1).max(200) });
export type TokenParam = z.infer<typeof TokenParam>;

/** What write calls without a richer result return, e.g. DELETE /api/products/all. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const DbDialect = z.enum(['sqlite', 'postgres']);
export type DbDialect = z.infer<typeof DbDialect>;

/** GET /api/health: the process is up and its database answers. */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  db: DbDialect,
});
export type HealthResponse = z.infer<typeof HealthResponse>;
