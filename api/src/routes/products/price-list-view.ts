/**
 * GET /api/products?priceList=&currency= (issue 35): the list and currency checked against the
 * company's synced price lists as every other route checks a target (checkTarget: an unknown list,
 * another company's included, is 404; a currency the list has no prices in 400), and whether
 * the list's currency is the catalog's (a variant without a record then pays the catalog's prices).
 *
 * The check reads the list with its record counts (a scan of its records' currency index): its
 * answer is kept per list, currency and the company's price list state (record version, when the
 * lists and channels were last read), which moves with every change that could alter it, so a
 * page of a list costs one read of that state.
 */
import { LruCache } from '@catalog/contracts/lru-cache';
import type { Database } from '../../db/repositories';
import type { ListView } from '../../services/catalog/product-list';
import { checkTarget } from '../work-orders/work-order-refusals';

export type ListViews = (companyId: string, priceListId: number, currency: string) => Promise<ListView>;

export function createListViews(db: Database, maxEntries = 4096): ListViews {
  const kept = new LruCache<string, boolean>({ maxEntries });
  return async (companyId, priceListId, currency) => {
    const state = await db.priceLists.syncState(companyId);
    const key = [companyId, priceListId, currency, state.recordVersion, state.listsReadAt?.getTime() ?? ''].join('\u0000');
    let catalogCurrency = kept.get(key);
    if (catalogCurrency === undefined) {
      await checkTarget(db, companyId, { priceListId, currency });
      catalogCurrency = (await db.priceLists.catalogCurrency(companyId)) === currency;
      kept.set(key, catalogCurrency);
    }
    return { lens: { priceListId, currency, catalogCurrency }, recordVersion: state.recordVersion };
  };
}
