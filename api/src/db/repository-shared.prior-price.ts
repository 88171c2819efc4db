/**
 * What the twin prior price publication repositories share (sqlite/prior-price.ts,
 * pg/prior-price.ts): the condition of a due company, the rows they write and the mapper of a
 * publication read, written once against the tables of either schema.
 */
import { and, type AnyColumn, eq, gt, isNotNull, isNull, lte, ne, notExists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CompanyActivity } from './repositories.coordination';
import type { PriorPricePublication, PublicationRunEnd, PublishedLow } from './repositories.prior-price';
import type { Twin } from './repository-shared';

/** The lease a company's publication runs under (company_activities). */
export const PRIOR_PRICE_ACTIVITY: CompanyActivity = 'prior-price';

/** Rows per insert statement (SQLite's bound parameters are limited; 4 a row). */
export const ROWS_PER_INSERT = 1_000;

/** `a` and `b` differ, a null differing from any value (SQL's IS DISTINCT FROM, in both dialects). */
function differs(a: AnyColumn, b: AnyColumn): SQL {
  return or(and(isNull(a), isNotNull(b)), and(isNotNull(a), isNull(b)), ne(a, b))!;
}

/** The WHERE of `due` over companies joined to their settings and their publication (left join); `lease` selects the company's live lease (liveLeaseOf). */
export function dueCondition(
  t: { c: Twin<'companies'>; s: Twin<'apiSettings'>; p: Twin<'priorPricePublications'> },
  now: Date,
  lease: SQLWrapper,
): SQL {
  const { c, s, p } = t;
  const on = and(eq(c.publishPriorPrice, true), isNotNull(c.priorPriceDays));
  const stale = or(isNull(p.companyId), gt(p.requested, p.done), isNull(p.refreshAt), lte(p.refreshAt, now), differs(p.days, c.priorPriceDays), differs(p.storeHash, s.storeHash));
  const leftovers = and(or(eq(c.publishPriorPrice, false), isNull(c.priorPriceDays)), isNotNull(p.days));
  return and(or(and(on, stale), leftovers), or(isNull(p.retryAt), lte(p.retryAt, now)), notExists(lease))!;
}

/** The live lease of the company's publication, as the subquery `dueCondition` excludes. */
export function liveLeaseOf(t: { c: Twin<'companies'>; a: Twin<'companyActivities'> }, now: Date): SQL {
  return and(eq(t.a.companyId, t.c.id), eq(t.a.activity, PRIOR_PRICE_ACTIVITY), gt(t.a.expiresAt, now))!;
}

/** `requested` one more (a statement's SET). */
export const oneMoreRequested = (p: Twin<'priorPricePublications'>) => ({ requested: sql`${p.requested} + 1`, updatedAt: new Date() });

export function toPublication(row: Twin<'priorPricePublications'>['$inferSelect']): PriorPricePublication {
  return {
    companyId: row.companyId, storeHash: row.storeHash, days: row.days, requested: row.requested, done: row.done,
    refreshAt: row.refreshAt, retryAt: row.retryAt, failures: row.failures, lastError: row.lastError, publishedAt: row.publishedAt,
  };
}

export const publishedRow = (companyId: string, row: PublishedLow, now: Date) => ({ companyId, variantId: row.variantId, metafieldId: row.metafieldId, value: row.value, updatedAt: now });

/** The SET of a run's end: `done` and `publishedAt` only when the run did its work. */
export function runEndSet(end: PublicationRunEnd, now: Date) {
  const { done, publishedAt, ...rest } = end;
  return { ...rest, ...(done === undefined ? {} : { done }), ...(publishedAt === undefined ? {} : { publishedAt }), updatedAt: now };
}
