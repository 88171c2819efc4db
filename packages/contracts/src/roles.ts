/**
 * The roles a company member can have, in a leaf module: the signed-in user's shape (auth.ts,
 * which re-exports it) and the permission table (permissions.ts) both name them.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** owner: created the company; admin: manages it; member: works in the catalog. */
export const Role = lazySchema(() => z.enum(['owner', 'admin', 'member']));
export type Role = z.infer<typeof Role>;
