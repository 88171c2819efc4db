/**
 * Setup of every test file in the api-pg project (vitest.workspace.ts): the PostgreSQL schemas
 * the file's tests used (testing/db-targets.ts keeps them for reuse) are dropped when it ends.
 */
import { afterAll } from 'vitest';
import { dropSpareSchemas } from './db-targets';

afterAll(dropSpareSchemas);
