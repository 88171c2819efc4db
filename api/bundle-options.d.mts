/** Types of bundle-options.mjs (plain JavaScript so that build.mjs and bench/run.mjs can import it). */
import type { BuildOptions } from 'esbuild';
export const API_WORKER_ENTRY_POINTS: Record<string, string>;
export const NODE_BUNDLE_OPTIONS: BuildOptions;
