/**
 * Webhooks v3 endpoints (`/stores/{hash}/v3/hooks`): create, list, get, update and delete the
 * hooks of the API account the access token belongs to, in the official shapes
 * (`{data, meta}`; a hook has id, client_id, store_hash, scope, destination, is_active, headers,
 * created_at, updated_at). Like BigCommerce, one hook per scope and destination.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { errorBody, paginate, readJson, readPaging } from '../responses';
import type { HookInput } from '../webhooks';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a create (all required but is_active and headers) or an update (all optional). */
function readHook(body: unknown, partial: boolean): { input: Partial<HookInput> } | { errors: Record<string, string> } {
  if (!isRecord(body)) return { errors: { body: 'must be a JSON object' } };
  const errors: Record<string, string> = {};
  const input: Partial<HookInput> = {};
  for (const key of ['scope', 'destination'] as const) {
    const value = body[key];
    if (value === undefined && partial) continue;
    if (typeof value !== 'string' || value.trim() === '') errors[key] = `${key} is required`;
    else input[key] = value;
  }
  if (input.destination !== undefined && !/^https?:\/\/\S+$/.test(input.destination)) errors.destination = 'destination must be a URL';
  if (body.is_active !== undefined) {
    if (typeof body.is_active !== 'boolean') errors.is_active = 'is_active must be a boolean';
    else input.is_active = body.is_active;
  }
  if (body.headers !== undefined && body.headers !== null) {
    const headers = body.headers;
    if (!isRecord(headers) || !Object.values(headers).every((v) => typeof v === 'string')) errors.headers = 'headers must be an object of strings';
    else input.headers = headers as Record<string, string>;
  }
  return Object.keys(errors).length > 0 ? { errors } : { input };
}

const hooksOf = (c: Context<AppEnv>) => c.get('hooks');
const hookId = (c: Context<AppEnv>) => Number(c.req.param('webhook_id'));

export const hookRoutes = new Hono<AppEnv>()
  .get('/hooks', (c) => {
    const data = hooksOf(c).list().filter((h) => h.client_id === c.get('clientId'));
    return c.json(paginate(c, data, readPaging(c)));
  })
  .post('/hooks', async (c) => {
    const read = readHook(await readJson(c), false);
    if ('errors' in read) return c.json(errorBody(422, 'The webhook was not valid.', read.errors), 422);
    const hook = hooksOf(c).create(c.get('clientId'), read.input as HookInput);
    if (!hook) return c.json(errorBody(422, 'A webhook with this scope and destination already exists.', { scope: 'duplicate' }), 422);
    return c.json({ data: hook, meta: {} });
  })
  .get('/hooks/:webhook_id{[0-9]+}', (c) => {
    const hook = hooksOf(c).get(hookId(c));
    if (!hook || hook.client_id !== c.get('clientId')) return c.json(errorBody(404, 'The webhook was not found.'), 404);
    return c.json({ data: hook, meta: {} });
  })
  .put('/hooks/:webhook_id{[0-9]+}', async (c) => {
    const existing = hooksOf(c).get(hookId(c));
    if (!existing || existing.client_id !== c.get('clientId')) return c.json(errorBody(404, 'The webhook was not found.'), 404);
    const read = readHook(await readJson(c), true);
    if ('errors' in read) return c.json(errorBody(422, 'The webhook was not valid.', read.errors), 422);
    return c.json({ data: hooksOf(c).update(existing.id, read.input), meta: {} });
  })
  .delete('/hooks/:webhook_id{[0-9]+}', (c) => {
    const existing = hooksOf(c).get(hookId(c));
    if (!existing || existing.client_id !== c.get('clientId')) return c.json(errorBody(404, 'The webhook was not found.'), 404);
    hooksOf(c).delete(existing.id);
    return c.json({ data: existing, meta: {} });
  });
