/**
 * The company's publication of lowest prior prices as Settings shows it (issue 36 item 3,
 * contracts prior-price-publication.ts): off, pending, published or failing, read from the
 * company's settings, its store connection and the publication's row, without making one (a GET
 * changes nothing). The rules are those of the publisher's `due` (repository-shared.prior-price.ts):
 * a change is pending while a price change is not handled, or the window or store is not the one
 * the metafields were written for; the daily refresh is not a change.
 */
import type { PriorPricePublicationStatus } from '@catalog/contracts/prior-price-publication';
import type { Company, Database, PublicationOverview } from '../../db/repositories';

export interface PublicationFacts {
  company: Pick<Company, 'publishPriorPrice' | 'priorPriceDays'>;
  /** The connected store's hash; null when none is connected. */
  storeHash: string | null;
  overview: PublicationOverview;
}

/** The state the facts say (pure). */
export function publicationStatusOf({ company, storeHash, overview }: PublicationFacts): PriorPricePublicationStatus {
  const { publication: row, variants } = overview;
  const days = company.publishPriorPrice ? company.priorPriceDays : null;
  const publishing = days !== null;
  // Off with metafields left: they are deleted at the next run, while a store is connected to reach them.
  const leftovers = !publishing && row !== null && row.days !== null && storeHash !== null;
  if (!publishing && !leftovers) return { state: 'off' };
  const base = { variants, publishedAt: row?.publishedAt?.toISOString() ?? null };
  if (storeHash === null) return { state: 'pending', ...base, publishing, storeConnected: false };
  if (row !== null && row.failures > 0) {
    return {
      state: 'failing', ...base, publishing, failures: row.failures,
      lastError: row.lastError ?? 'The last run failed.', retryAt: row.retryAt?.toISOString() ?? null,
    };
  }
  const changed = row === null || row.requested > row.done || row.days !== days || row.storeHash !== storeHash;
  if (changed) return { state: 'pending', ...base, publishing, storeConnected: true };
  return { state: 'published', ...base };
}

/** The company's state, read now. */
export async function publicationStatus(db: Database, companyId: string): Promise<PriorPricePublicationStatus | null> {
  const [company, settings, overview] = await Promise.all([db.companies.get(companyId), db.settings.get(companyId), db.priorPrice.overview(companyId)]);
  if (!company) return null;
  return publicationStatusOf({ company, storeHash: settings?.storeHash ?? null, overview });
}
