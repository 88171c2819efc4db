/**
 * The column helpers every PostgreSQL schema module (schema.pg*.ts) builds its tables with: ids
 * generated in JS, times, money as bigint cents, binary data and exact hundredths. Kept apart
 * so that each table module can import them without importing schema.pg.ts, which re-exports
 * every table module (an import cycle otherwise).
 */

import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';
import { fromHundredths, toHundredths } from './hundredths';

export const uuid = () => crypto.randomUUID();
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** Binary data: bytea, read back as a Buffer. */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
/** A decimal(10,2) kept exactly as integer hundredths, a number in the code (db/hundredths.ts). */
export const hundredths = customType<{ data: number; driverData: number | string }>({
  dataType: () => 'bigint',
  toDriver: toHundredths,
  // node-postgres answers a bigint as a string.
  fromDriver: (value) => fromHundredths(Number(value)),
});
