import type { ChildProcess } from 'node:child_process';

export const PROJECT_ID: string;
export function startAuthEmulator(opts?: {
  port?: number;
  dataDir: string;
  persist?: boolean;
  quiet?: boolean;
}): Promise<{ host: string; port: number; child: ChildProcess; stop: () => Promise<void> }>;
