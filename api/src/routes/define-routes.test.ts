/**
 * The route table and the handlers meet when the app starts: a row without a handler, or a row
 * with two, stops it there, before any request (the route tests drive each row's checks and input).
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/repositories';
import type { AppEnv } from '../middleware/request-log';
import { defineRoutes, registerRoutes } from './define-routes';

const deps = { auth: async () => undefined, db: {} as Database };
const health = defineRoutes({ 'GET /api/health': (c) => c.json({ status: 'ok' }) });

describe('registerRoutes', () => {
  it('refuses to start with a row of the route table that has no handler', () => {
    expect(() => registerRoutes(new Hono<AppEnv>(), deps, [health])).toThrow(/^GET \/api\/\S+ is in the route table without a handler$/);
  });

  it('refuses to start with two handlers for one row', () => {
    expect(() => registerRoutes(new Hono<AppEnv>(), deps, [health, health])).toThrow('GET /api/health has two handlers');
  });
});
