// Isolates the catalog write path: 10,000 generated products (a third with variants) upserted
// in pages of 250 into a fresh SQLite file, first sync then an unchanged re-sync; CPU per phase.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '/work/main/api/src/db/index';
import { generateCatalog } from '/work/main/packages/demo-store/src/generate-catalog';
const data = generateCatalog({ products: 10000, seed: 'bench' });
const byId = new Map(data.categories.map((c) => [c.category_id, c]));
const pathOf = (id: number) => { const n: string[] = []; for (let c = byId.get(id); c; c = byId.get(c.parent_id)) n.unshift(c.name); return n.join(' > '); };
const cents = (n: number | null) => (n === null ? null : Math.round(n * 100));
const inputs = [...data.products.values()].map((p) => ({
  externalId: p.id, name: p.name, sku: p.sku || null, description: p.description, category: p.categories.length ? pathOf(p.categories[0]!) : 'Uncategorized',
  regularPriceCents: cents(p.price)!, salePriceCents: p.sale_price > 0 ? cents(p.sale_price) : null, stock: p.inventory_level, weight: p.weight,
  status: p.is_visible ? 'published' : 'draft', isVisible: p.is_visible,
  variants: p.base_variant_id !== null ? [] : (data.variantsByProduct.get(p.id) ?? []).map((id) => { const v = data.variants.get(id)!; return { externalId: v.id, variantSku: v.sku, stock: v.inventory_level ?? 0, regularPriceCents: cents(v.price), salePriceCents: cents(v.sale_price), optionValues: v.option_values.map((o) => ({ optionName: o.option_display_name, label: o.label })) }; }),
}));
const results: string[] = [];
for (let run = 0; run < 3; run++) {
  const dir = mkdtempSync(path.join(tmpdir(), 'upsert-'));
  const db = await openDatabase(path.join(dir, 'app.db'), { migrationsDir: '/work/main/api/drizzle' });
  const c = await db.companies.create({ name: 'x', productLimit: 100000 });
  const Raw = (await import('better-sqlite3')).default; const raw = new Raw(path.join(dir, 'app.db'));
  if (process.env.NOFTS) raw.exec('drop trigger products_search_insert; drop trigger products_search_update; drop trigger products_search_delete;');
  if (process.env.NOIDX) raw.exec('drop index products_company_name_idx');
  raw.close();
  for (const phase of ['first', 'unchanged']) {
    const cpu = process.cpuUsage(); const t = performance.now();
    for (let i = 0; i < inputs.length; i += 250) await db.products.upsertMany(c.id, inputs.slice(i, i + 250));
    const u = process.cpuUsage(cpu);
    results.push(`${phase}: ${((u.user + u.system) / 1000 / 40).toFixed(1)} ms CPU/page (${((performance.now() - t) / 40).toFixed(1)} wall)`);
  }
  await db.close(); rmSync(dir, { recursive: true, force: true });
}
console.log(results.join('\n'));
