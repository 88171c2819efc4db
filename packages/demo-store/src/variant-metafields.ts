/**
 * One store's variant metafields (product-variants_catalog.v3.yml: metafield_Base, Metafield):
 * created, updated and deleted on behalf of an API account (its client id owns what it creates),
 * with the file's rules. A key and namespace are 1-64 characters, a value 1-65,535, a
 * description 0-255; `permission_set` is one of the five values; a variant holds at most 250
 * metafields per client id, and one client's (namespace, key) once per variant (a 409). Another
 * client sees a metafield unless it is `app_only`, may change its value and description only
 * where it is `write` or `write_and_sf_access` (its namespace, key and permission set are the
 * owner's: a 403), and may delete it on the same terms. A variant deleted from the catalog takes
 * its metafields with it.
 */
import { toIsoSeconds } from './pricing';

export const METAFIELD_PERMISSIONS = ['app_only', 'read', 'write', 'read_and_sf_access', 'write_and_sf_access'] as const;
export type MetafieldPermission = (typeof METAFIELD_PERMISSIONS)[number];

/** The file's cap per resource and client id ("250 per client ID"). */
export const MAX_METAFIELDS_PER_VARIANT = 250;

/** A variant metafield as the API serves it (`Metafield`). */
export interface BcMetafield {
  id: number;
  key: string;
  value: string;
  namespace: string;
  permission_set: MetafieldPermission;
  resource_type: 'variant';
  resource_id: number;
  description: string;
  date_created: string;
  date_modified: string;
  owner_client_id: string;
}

/** What a write of one metafield came to: the metafield, or why not (the status BigCommerce gives that refusal). */
export type MetafieldOutcome =
  | { ok: true; metafield: BcMetafield }
  | { ok: false; status: 403 | 404 | 409 | 422; title: string; errors: Record<string, string> };

const TEXT_RULES = { key: [1, 64], value: [1, 65_535], namespace: [1, 64], description: [0, 255] } as const;
type TextField = keyof typeof TEXT_RULES;
/** Fields only the owner changes. */
const OWNER_FIELDS = ['namespace', 'key', 'permission_set'] as const;

type Fields = Partial<Record<TextField, string>> & { permission_set?: MetafieldPermission };

const refused = (status: 403 | 404 | 409 | 422, title: string, errors: Record<string, string> = {}): MetafieldOutcome => ({ ok: false, status, title, errors });

/** The writable fields of a body, or the field errors; `required` for a create. */
function readFields(input: unknown, required: boolean): { fields: Fields } | { errors: Record<string, string> } {
  const body = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const fields: Fields = {};
  const errors: Record<string, string> = {};
  for (const [name, [min, max]] of Object.entries(TEXT_RULES) as Array<[TextField, readonly [number, number]]>) {
    const value = body[name];
    if (value === undefined) {
      if (required && name !== 'description') errors[name] = `${name} is required`;
    } else if (typeof value !== 'string' || value.length < min || value.length > max) {
      errors[name] = `${name} must be a string of ${min} to ${max} characters`;
    } else fields[name] = value;
  }
  const permission = body.permission_set;
  if (permission === undefined) {
    if (required) errors.permission_set = 'permission_set is required';
  } else if (!METAFIELD_PERMISSIONS.includes(permission as MetafieldPermission)) {
    errors.permission_set = `permission_set must be one of ${METAFIELD_PERMISSIONS.join(', ')}`;
  } else fields.permission_set = permission as MetafieldPermission;
  return Object.keys(errors).length > 0 ? { errors } : { fields };
}

const writable = (m: BcMetafield) => m.permission_set === 'write' || m.permission_set === 'write_and_sf_access';

export class VariantMetafields {
  private readonly byId = new Map<number, BcMetafield>();
  private nextId = 1;

  constructor(
    private readonly variantExists: (variantId: number) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every metafield gone, ids from 1 again. */
  reset(): void {
    this.byId.clear();
    this.nextId = 1;
  }

  /** The metafields `clientId` may see (its own, and others' but `app_only` ones), by id. */
  visibleTo(clientId: string, variantId?: number): BcMetafield[] {
    return [...this.byId.values()].filter((m) => this.visible(m, clientId) && (variantId === undefined || m.resource_id === variantId));
  }

  /** One metafield `clientId` may see, or undefined. */
  get(id: number, clientId: string): BcMetafield | undefined {
    const found = this.byId.get(id);
    return found && this.visible(found, clientId) ? found : undefined;
  }

  create(input: unknown, clientId: string): MetafieldOutcome {
    const read = readFields(input, true);
    const variantId = typeof input === 'object' && input !== null ? (input as { resource_id?: unknown }).resource_id : undefined;
    const errors = 'errors' in read ? { ...read.errors } : {};
    if (typeof variantId !== 'number' || !Number.isInteger(variantId) || variantId < 1) errors.resource_id = 'resource_id must be the id of a variant';
    else if (!this.variantExists(variantId)) errors.resource_id = `variant ${variantId} does not exist`;
    if ('errors' in read || Object.keys(errors).length > 0) return refused(422, 'The metafield was not valid.', errors);
    const fields = read.fields as Required<Omit<Fields, 'description'>> & Fields;
    const resourceId = variantId as number;
    const own = [...this.byId.values()].filter((m) => m.resource_id === resourceId && m.owner_client_id === clientId);
    if (own.some((m) => m.namespace === fields.namespace && m.key === fields.key)) return this.duplicate(fields, resourceId);
    if (own.length >= MAX_METAFIELDS_PER_VARIANT) {
      return refused(422, `Variant ${resourceId} already has ${MAX_METAFIELDS_PER_VARIANT} metafields of this API account.`, { resource_id: 'too many metafields' });
    }
    const at = toIsoSeconds(this.now());
    const metafield: BcMetafield = {
      id: this.nextId++, key: fields.key, value: fields.value, namespace: fields.namespace, permission_set: fields.permission_set,
      resource_type: 'variant', resource_id: resourceId, description: fields.description ?? '', date_created: at, date_modified: at, owner_client_id: clientId,
    };
    this.byId.set(metafield.id, metafield);
    return { ok: true, metafield };
  }

  update(id: number, input: unknown, clientId: string): MetafieldOutcome {
    const found = this.get(id, clientId);
    if (!found) return refused(404, `Metafield ${id} does not exist.`, { id: 'Metafield does not exist' });
    const read = readFields(input, false);
    if ('errors' in read) return refused(422, 'The metafield was not valid.', read.errors);
    const { fields } = read;
    if (found.owner_client_id !== clientId) {
      const owned = OWNER_FIELDS.filter((f) => fields[f] !== undefined && fields[f] !== found[f]);
      if (owned.length > 0) return refused(403, 'Only the API account that created a metafield changes its namespace, key and permission set.', Object.fromEntries(owned.map((f) => [f, 'not yours to change'])));
      if (!writable(found)) return refused(403, 'This metafield is read-only to other API accounts.', { id: 'Unauthorized to update' });
    }
    const namespace = fields.namespace ?? found.namespace;
    const key = fields.key ?? found.key;
    const clash = [...this.byId.values()].some((m) => m.id !== id && m.resource_id === found.resource_id && m.owner_client_id === found.owner_client_id && m.namespace === namespace && m.key === key);
    if (clash) return this.duplicate({ namespace, key }, found.resource_id);
    Object.assign(found, fields, { date_modified: toIsoSeconds(this.now()) });
    return { ok: true, metafield: found };
  }

  delete(id: number, clientId: string): MetafieldOutcome {
    const found = this.get(id, clientId);
    if (!found) return refused(404, `Metafield ${id} does not exist.`, { [String(id)]: 'Metafield does not exist' });
    if (found.owner_client_id !== clientId && !writable(found)) return refused(403, 'Unauthorized to delete', { [String(id)]: 'Unauthorized to delete' });
    this.byId.delete(id);
    return { ok: true, metafield: found };
  }

  /** Drops the metafields of variants the catalog no longer has (a product was deleted). */
  dropMissingVariants(): void {
    for (const [id, m] of this.byId) if (!this.variantExists(m.resource_id)) this.byId.delete(id);
  }

  private visible(m: BcMetafield, clientId: string): boolean {
    return (m.owner_client_id === clientId || m.permission_set !== 'app_only') && this.variantExists(m.resource_id);
  }

  private duplicate(fields: { namespace: string; key: string }, variantId: number): MetafieldOutcome {
    return refused(409, `A metafield with namespace "${fields.namespace}" and key "${fields.key}" already exists on variant ${variantId}.`, {
      key: 'duplicate namespace and key for this variant',
    });
  }
}
