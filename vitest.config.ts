import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // vitest's default is one worker fewer than the cores: one worker on CI's 2-core machine, so
    // every file ran in turn. Many files wait on I/O (a browser, PostgreSQL, a server), so one
    // worker a core keeps both cores busy; the browser project still runs one file at a time.
    maxWorkers: Math.max(availableParallelism(), 2),
  },
});
