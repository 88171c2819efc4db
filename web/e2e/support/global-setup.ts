/**
 * One Firebase Auth emulator for the whole browser suite (it takes seconds to start): every
 * test file's app is pointed at it, each test signs up its own fresh users.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../../scripts/auth-emulator.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-e2e-auth-'));
  const emulator = await startAuthEmulator({ port: 0, dataDir, persist: false, quiet: true });
  project.provide('authEmulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
