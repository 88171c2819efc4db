/**
 * PUT /api/variants/{id} (any role): a variant's price edit (contracts VariantPriceEdit, only the
 * changed fields; null makes a price inherit the product's), written to the store first, then
 * here with a 'manual' history entry and a new change version. Answers with the Variant.
 * `id` is the store's variant id; another company's variant, or a malformed id, is a 404.
 * Takes an optional Idempotency-Key (services/idempotency.ts).
 */
import { Hono } from 'hono';
import { VariantPriceEdit } from '@catalog/contracts/products';
import type { Database } from '../../db/repositories';
import { readJson } from '../../lib/http';
import type { SecretBox } from '../../lib/secrets';
import type { AuthedEnv } from '../../middleware/authenticate';
import { editVariantPrices } from '../../services/catalog/price-edits';
import { IDEMPOTENCY_HEADER, idempotent, readIdempotencyKey, REPLAYED_HEADER } from '../../services/idempotency';
import type { CommerceFactory } from '../../services/store-connection';
import { externalIdParam } from '../products/products.routes';

export function variantsRoutes(deps: { db: Database; commerce: CommerceFactory; secrets: SecretBox }) {
  return new Hono<AuthedEnv>().put('/:id', async (c) => {
    const user = c.get('user');
    const externalId = externalIdParam(c, 'Variant');
    const edit = await readJson(c, VariantPriceEdit);
    const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    const answer = await idempotent(deps.db, user.companyId, key, { scope: `PUT /api/variants/${externalId}`, body: edit }, async () => ({
      status: 200 as const,
      body: await editVariantPrices(deps, { user, externalId, edit, idempotencyKey: key }),
    }));
    if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
    return c.json(answer.body, 200);
  });
}
