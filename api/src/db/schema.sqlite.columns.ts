/**
 * The column helpers every SQLite schema module (schema.sqlite*.ts) builds its tables with: ids
 * generated in JS, times, booleans, the now default, binary data and exact hundredths. Kept apart
 * so that each table module can import them without importing schema.sqlite.ts, which re-exports
 * every table module (an import cycle otherwise).
 */
import { sql } from 'drizzle-orm';
import { customType, integer } from 'drizzle-orm/sqlite-core';
import { fromHundredths, toHundredths } from './hundredths';

export const uuid = () => crypto.randomUUID();
/** Default for every created_at-like column when the caller gives no time. */
export const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
export const ts = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const bool = (name: string) => integer(name, { mode: 'boolean' });
/** Binary data: a blob, read back as a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'blob' });
/** A decimal(10,2) kept exactly as integer hundredths, a number in the code (db/hundredths.ts). */
export const hundredths = customType<{ data: number; driverData: number }>({
  dataType: () => 'integer',
  toDriver: toHundredths,
  fromDriver: fromHundredths,
});
