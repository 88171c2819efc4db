/**
 * The test projects, one per package. vitest 4 no longer reads this file on its own (it removed
 * the `workspace` option); the root vitest.config.ts imports it into `test.projects`.
 */
import type { TestProjectConfiguration } from 'vitest/config';

export const projects: TestProjectConfiguration[] = [
  {
    test: {
      name: 'contracts',
      root: './packages/contracts',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'commerce',
      root: './packages/commerce',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'fake-stripe',
      root: './packages/fake-stripe',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'listen',
      root: './packages/listen',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      // The repository's own tooling: the lint's local rules (scripts/lint-rules).
      name: 'scripts',
      root: './scripts',
      include: ['**/*.test.mjs'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'demo-store',
      root: './packages/demo-store',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  // The server suites, twice: on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (each
  // test file's databases throwaway schemas, dropped when it ends: api/src/testing/db-targets.ts). `*.pg.test.ts` files run
  // on PostgreSQL only; `*.sqlite.test.ts` files and db/sqlite/ on SQLite only.
  {
    test: {
      name: 'api',
      root: './api',
      include: ['src/**/*.test.ts'],
      exclude: ['**/node_modules/**', 'src/**/*.pg.test.ts'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    test: {
      name: 'api-pg',
      root: './api',
      include: ['src/**/*.test.ts'],
      exclude: ['**/node_modules/**', 'src/**/*.sqlite.test.ts', 'src/db/sqlite/**'],
      env: { TEST_DB_ENGINE: 'postgres' },
      setupFiles: ['./src/testing/pg-setup.ts'],
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    test: {
      name: 'web',
      root: './web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      // Screens render in jsdom beside the browser suite (two files at a time on 2 cores): a
      // limit for a stuck test, not a speed target.
      testTimeout: 20_000,
    },
  },
  {
    test: {
      name: 'e2e',
      root: './web',
      include: ['e2e/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['./e2e/support/global-setup.ts'],
      // Generous: the browser suite shares 2 cores with the unit suites' worker (a limit for a stuck test).
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // One browser and one app server per file, two files at a time: a journey mostly waits
      // (the server, the emulator, timers), and one at a time left a core idle for the last ten
      // minutes of a CI run once the other projects were done.
      maxWorkers: 2,
    },
  },
];
