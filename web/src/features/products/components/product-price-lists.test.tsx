/**
 * The product detail's price lists (issue 35): per list its customer groups and channels, per
 * variant and currency what its customers pay, "Price list" where a record overrides and
 * "Catalog price" where the catalog's prices apply (unknown, "—", in another currency); a product
 * without options shows its base variant's record as the product's; loading and empty states.
 */
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalProduct } from '../../../local/catalog-query';
import type { ProductPriceLists } from '../../../local/price-list-read';
import { render, type Rendered } from '../../../testing/render';
import { NO_PRICE_LISTS, PriceListsView, UNKNOWN_PRICE_NOTE } from './product-price-lists';

const product = (variants: LocalProduct['variants']): LocalProduct => ({
  id: 101, name: 'Shirt', category: null, sku: 'SHIRT', regularPrice: '20.00', salePrice: '18.00', stock: 5, weight: null, status: 'published',
  retailPrice: '25.00', costPrice: null, brand: null, isVisible: true, lastUpdated: '2030-01-01T00:00:00.000Z', version: 1, variants,
});
const variant = (id: number, size: string, regularPrice: string | null): LocalProduct['variants'][number] => ({
  id, productId: 101, variantSku: `SHIRT-${size}`, regularPrice, salePrice: null, stock: 1, optionValues: [{ optionName: 'Size', label: size }],
  retailPrice: null, costPrice: null, version: 1,
});
const list = (id: number, name: string, currencies: string[], extra: Partial<PriceListSummary> = {}): PriceListSummary => ({
  id, name, active: true, dateModified: null, currencies, recordCounts: [], customerGroups: [], channels: [], recordsReadAt: null, ...extra,
});

const lists = [
  list(1, 'Wholesale', ['USD'], { customerGroups: [{ id: 2, name: 'Wholesale buyers' }] }),
  list(2, 'Euro storefront', ['EUR'], { channels: [{ id: 2, name: 'Euro shop', defaultCurrency: 'EUR', currencies: ['EUR'] }] }),
];

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

const rowsOf = (table: Element) => [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent?.trim()));
const tables = () => [...rendered!.container.querySelectorAll('table')];

describe('PriceListsView', () => {
  it('shows per variant and currency what each list\u2019s customers pay, with where it comes from and who the list is for', async () => {
    const data: ProductPriceLists = {
      lists, catalogCurrency: 'USD',
      records: new Map([[1, new Map([['USD', { 1001: ['15.00', '14.00', null, '13.00'] as [string, string, null, string] }]])]]),
    };
    rendered = await render(<PriceListsView product={product([variant(1001, 'S', null), variant(1002, 'M', '22.00')])} data={data} />);
    const text = rendered.container.textContent ?? '';
    expect(text).toContain('Customer groups: Wholesale buyers \u00b7 Channels: none');
    expect(text).toContain('Customer groups: none \u00b7 Channels: Euro shop');
    const [wholesale, euro] = tables();
    expect(wholesale!.getAttribute('aria-labelledby')).toBeTruthy();
    expect(rowsOf(wholesale!)).toEqual([
      ['Size: S', 'USD', '$15.00', '$14.00', '\u2014', '$13.00', 'Price list'],
      ['Size: M', 'USD', '$22.00', '$18.00', '$25.00', '\u2014', 'Catalog price'],
    ]);
    expect(rowsOf(euro!)).toEqual([
      ['Size: S', 'EUR', '\u2014', '\u2014', '\u2014', '\u2014', 'Catalog price'],
      ['Size: M', 'EUR', '\u2014', '\u2014', '\u2014', '\u2014', 'Catalog price'],
    ]);
    expect(text).toContain(UNKNOWN_PRICE_NOTE);
  });

  it('shows a product without options as itself, its base variant\u2019s record as the product\u2019s', async () => {
    const data: ProductPriceLists = { lists: [lists[0]!], catalogCurrency: 'USD', records: new Map([[1, new Map([['USD', { 5555: ['12.00', null, null, null] as [string, null, null, null] }]])]]) };
    rendered = await render(<PriceListsView product={product([])} data={data} />);
    expect(rowsOf(tables()[0]!)).toEqual([['This product', 'USD', '$12.00', '\u2014', '\u2014', '\u2014', 'Price list']]);
    expect(rendered.container.textContent).not.toContain(UNKNOWN_PRICE_NOTE);
  });

  it('says so while the copy is read, and when the store has no price lists', async () => {
    rendered = await render(<PriceListsView product={product([])} data={undefined} />);
    expect(rendered.container.querySelector('[aria-label="Loading price lists"]')).not.toBeNull();
    rendered.unmount();
    rendered = await render(<PriceListsView product={product([])} data={{ lists: [], catalogCurrency: null, records: new Map() }} />);
    expect(rendered.container.textContent).toContain(NO_PRICE_LISTS);
    expect(rendered.container.querySelector('section')?.getAttribute('aria-labelledby')).toBeTruthy();
  });
});
