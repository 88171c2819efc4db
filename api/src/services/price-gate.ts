/**
 * The price gate on the server (issue 31, decision 048): every path that can put a price in the
 * store asks `passGate` before it writes or stores anything. It reads what the decision needs
 * (the company's settings of now, the catalog's prices of now or the store's prices the caller
 * read), asks contracts' `gateDecision` (the one rule, shared with the device's preview) and
 * answers 'run' or 'approval', or throws 422 GUARDRAIL naming each item and rule. In the EU mode
 * with the prior price rule blocking, it reads the items' lowest prior prices at the moment the
 * prices would reach the store (price-gate-lows.ts).
 *
 * The route-table test (price-gate.routes.test.ts) holds every route whose row says it can change
 * store prices (`prices` in routes/route-table.ts) to passing through here: it counts calls per
 * request with `gateCalls`.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { guardrailError, type GuardrailViolation } from '@catalog/contracts/guardrails';
import { gateDecision, type GateSettings, type PricePath } from '@catalog/contracts/price-gate';
import type { Role } from '@catalog/contracts/roles';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import type { Company, Database, PriceSnapshot, ProductWithVariants } from '../db/repositories';
import { checkMoment, gateLows, priorPriceBlocks } from './price-gate-lows';
import { companySettingsOf } from './work-orders/approvals';
import { guardrailItems, type GuardrailOrderItem, type GuardrailProductRow } from './work-orders/guardrail-items';

export interface GateRequest {
  path: PricePath;
  companyId: string;
  /** The role of who proposes these prices (services/price-gate.ts `proposerRole` at run). */
  role: Role;
  /** An owner or admin approved exactly these prices (run only). */
  approved?: boolean;
  items: readonly GuardrailOrderItem[];
  /**
   * The prices to check against: the store's, just read (run); absent: the catalog's as the
   * database has them now.
   */
  storePrices?: readonly PriceSnapshot[];
  /**
   * The price list and currency the prices are for (issue 35): without `storePrices`, the
   * records the database has of the items' variants are the prices of now (a variant with none
   * pays the catalog's price).
   */
  target?: PriceListTarget | null;
  /**
   * When the prices would reach the store (an order's scheduled time): the moment the lowest prior
   * prices are read at. Absent, null or past: now (a run, an edit, a restore, an immediate order).
   */
  startsAt?: Date | null;
  /** Where the refusal's `fields` point (default 'productUpdates': "productUpdates.3"). */
  itemsPath?: string;
  /** The company, when the caller has it already read. */
  company?: Company;
}

export type GateOutcome = 'run' | 'approval';

/** Thrown by the gate for a path that refuses: the 422 with each item and rule. */
export class GateRefusal extends ApiError {
  constructor(readonly violations: GuardrailViolation[], settings: GateSettings, itemsPath: string) {
    const error = guardrailError(violations, settings, itemsPath);
    super(ErrorCode.GUARDRAIL, error.message, { fields: error.fields });
  }
}

/** Calls made per gate path since the process started: what the route-table test reads. */
export const gateCalls: Record<PricePath, number> = {
  order: 0, change: 0, approve: 0, run: 0, manualEdit: 0, restore: 0, undo: 0, end: 0,
};

/** The catalog rows with the store's prices of now laid over them (a snapshot's null is the store's own null). */
function withStorePrices(products: readonly ProductWithVariants[], prices: readonly PriceSnapshot[]): GuardrailProductRow[] {
  const byProduct = new Map<number, PriceSnapshot>();
  const byVariant = new Map<number, PriceSnapshot>();
  for (const p of prices) {
    if (p.externalVariantId === null) byProduct.set(p.externalProductId, p);
    else byVariant.set(p.externalVariantId, p);
  }
  return products.map((product) => {
    const own = byProduct.get(product.externalId);
    return {
      externalId: product.externalId,
      regularPriceCents: own?.regularPriceCents ?? product.regularPriceCents,
      salePriceCents: own ? own.salePriceCents : product.salePriceCents,
      costPriceCents: product.costPriceCents,
      baseVariantId: product.baseVariantId,
      retailPriceCents: own?.retailPriceCents !== undefined ? own.retailPriceCents : product.retailPriceCents,
      variants: product.variants.map((variant) => {
        const v = byVariant.get(variant.externalId);
        return {
          externalId: variant.externalId,
          regularPriceCents: v ? v.regularPriceCents : variant.regularPriceCents,
          salePriceCents: v ? v.salePriceCents : variant.salePriceCents,
          costPriceCents: variant.costPriceCents,
          retailPriceCents: v?.retailPriceCents !== undefined ? v.retailPriceCents : variant.retailPriceCents,
        };
      }),
    };
  });
}

/**
 * The catalog rows seen through a price list (issue 35), as the create form reads them
 * (web list-prices.ts): a variant with a record pays the record's prices, whole (its unset sale
 * price is no sale, never its product's); one without pays the catalog's, spelled out (its own,
 * else its product's). A product without options is its base variant, which is listed as one of
 * its variants so an item naming it is checked (the catalog lists no base variant). A product
 * with options has no price of its own in a list: only its variants' count.
 */
function throughList(products: readonly ProductWithVariants[], prices: readonly PriceSnapshot[]): GuardrailProductRow[] {
  const records = new Map(prices.flatMap((p) => (p.externalVariantId === null ? [] : [[p.externalVariantId, p] as const])));
  return products.map((product) => {
    const variants = product.variants.map((variant) => {
      const r = records.get(variant.externalId);
      return {
        externalId: variant.externalId,
        regularPriceCents: r ? r.regularPriceCents : (variant.regularPriceCents ?? product.regularPriceCents),
        salePriceCents: r ? r.salePriceCents : (variant.salePriceCents ?? product.salePriceCents),
        costPriceCents: variant.costPriceCents,
        retailPriceCents: r?.retailPriceCents !== undefined ? r.retailPriceCents : (variant.retailPriceCents ?? product.retailPriceCents),
      };
    });
    const simple = product.variants.length === 0;
    const base = product.baseVariantId === null ? undefined : records.get(product.baseVariantId);
    const own = {
      regularPriceCents: base?.regularPriceCents ?? product.regularPriceCents,
      salePriceCents: !simple ? null : base ? base.salePriceCents : product.salePriceCents,
      retailPriceCents: !simple ? null : base?.retailPriceCents !== undefined ? base.retailPriceCents : product.retailPriceCents,
    };
    if (simple && product.baseVariantId !== null) variants.push({ externalId: product.baseVariantId, ...own, costPriceCents: null });
    return { externalId: product.externalId, baseVariantId: product.baseVariantId, ...own, costPriceCents: product.costPriceCents, variants };
  });
}

/** The settings the gate decides by: the company's, approval on only while the plan includes it. */
export function gateSettingsOf(company: Company): GateSettings {
  return companySettingsOf(company);
}

/**
 * Decides a proposed change of store prices: 'run', 'approval', or throws GateRefusal (422).
 * Reads the catalog only when a guardrail could block.
 */
export async function passGate(db: Database, request: GateRequest): Promise<GateOutcome> {
  gateCalls[request.path] += 1;
  const company = request.company ?? (await db.companies.get(request.companyId));
  if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
  const settings = gateSettingsOf(company);
  let items: ReturnType<typeof guardrailItems> = [];
  if (settings.blockingGuardrails.length > 0) {
    const ids = [...new Set(request.items.flatMap((i) => (i.externalProductId === undefined ? [] : [i.externalProductId])))];
    const products = await db.products.getByExternalIds(request.companyId, ids);
    const storePrices = request.storePrices ?? (request.target ? await storedRecordPrices(db, request.companyId, request.target, request.items) : undefined);
    const rows = request.target ? throughList(products, storePrices ?? []) : storePrices ? withStorePrices(products, storePrices) : products;
    const lows = priorPriceBlocks(settings)
      ? await gateLows(db, request.companyId, products, { at: checkMoment(request.startsAt, new Date()), days: settings.priorPriceDays!, target: request.target ?? null })
      : null;
    const removing = request.target && request.items.some((i) => i.removeRecord);
    const sameCurrency = removing ? (await db.priceLists.catalogCurrency(request.companyId)) === request.target!.currency : false;
    items = guardrailItems(removing ? removalsAsPrices(request.items, products, sameCurrency) : request.items, rows, lows);
  }
  const decision = gateDecision({ path: request.path, role: request.role, approved: request.approved, items }, settings);
  if (decision.outcome === 'refused') throw new GateRefusal(decision.violations, settings, request.itemsPath ?? 'productUpdates');
  return decision.outcome;
}

/**
 * Items that remove a price list record (a restore's), as the guardrails read them: setting the
 * catalog's prices (the variant's, else its product's, field by field), which the list's
 * customers pay once it is gone, when the list's currency is the catalog's; in another currency
 * those prices are unknown and the item is read as leaving the prices as they are.
 */
function removalsAsPrices(items: readonly GuardrailOrderItem[], products: readonly ProductWithVariants[], sameCurrency: boolean): GuardrailOrderItem[] {
  const catalog = new Map<number, { regular: number; sale: number | null; retail: number | null }>();
  for (const p of products) {
    if (p.baseVariantId !== null) catalog.set(p.baseVariantId, { regular: p.regularPriceCents, sale: p.salePriceCents, retail: p.retailPriceCents });
    for (const v of p.variants) {
      catalog.set(v.externalId, {
        regular: v.regularPriceCents ?? p.regularPriceCents, sale: v.salePriceCents ?? p.salePriceCents, retail: v.retailPriceCents ?? p.retailPriceCents,
      });
    }
  }
  return items.map((item) => {
    const prices = item.removeRecord && sameCurrency && item.externalVariantId != null ? catalog.get(item.externalVariantId) : undefined;
    return prices ? { ...item, newRegularPriceCents: prices.regular, newSalePriceCents: prices.sale, newRetailPriceCents: prices.retail } : item;
  });
}

/** The stored records of the items' variants in one list and currency, as snapshot entries (their prices over the catalog's). */
async function storedRecordPrices(db: Database, companyId: string, target: PriceListTarget, items: readonly GuardrailOrderItem[]): Promise<PriceSnapshot[]> {
  const variantIds = items.flatMap((i) => (i.externalVariantId == null ? [] : [i.externalVariantId]));
  const records = await db.priceLists.getRecords(companyId, target.priceListId, target.currency, variantIds);
  return records.map((r) => ({
    productId: '', variantId: r.variantRowId, externalProductId: r.productId, externalVariantId: r.variantId,
    regularPriceCents: r.priceCents, salePriceCents: r.salePriceCents, retailPriceCents: r.retailPriceCents,
  }));
}

/**
 * Who proposed an order's prices last, for the check when it runs: the last person who changed
 * it (its change log), else its creator, in their role of now. Someone who left the company
 * proposes as a member would (their order waits, if the company requires approval).
 */
export async function proposerRole(db: Database, order: { companyId: string; createdBy: string | null; changeLog: readonly { by: string }[] | null }): Promise<Role> {
  const last = order.changeLog?.at(-1)?.by ?? order.createdBy;
  if (!last) return 'member';
  const user = await db.users.getById(order.companyId, last);
  return user && user.isActive ? user.role : 'member';
}
