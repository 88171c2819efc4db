/**
 * Benchmark of the work-order preview on the device (issue 19): `node bench/run.mjs
 * bench/preview.ts` from the repository root (options: --items 3000 --runs 15).
 *
 * What opening the preview computes for a whole order, every item (bench/preview-order.ts):
 * the order's body and lines, the counts and totals, and every item's guardrail flags, in
 * headless Chromium (the device) and in Node, each the median of several runs after a warm-up.
 */
import { bundlePage, openBenchPage } from './browser-page';
import { timePreview } from './preview-order';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const row = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${ms(median)}, min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)} (${sorted.length} runs)`;
}

async function main() {
  const items = option('items', 3000);
  const runs = option('runs', 15);
  type Bench = { timePreview: typeof timePreview };
  const { call, close } = await openBenchPage<Bench>(await bundlePage('preview.page.ts'), 'bench-preview-profile');
  try {
    const chromium = await call((b, n: number, r: number) => b.timePreview(n, r), items, runs);
    console.log(`\nPreview of a ${items.toLocaleString('en-US')}-item order: ${chromium.result.lines.toLocaleString('en-US')} price lines, ${chromium.result.flagged.toLocaleString('en-US')} items flagged ${JSON.stringify(chromium.result.counts)}`);
    row('Chromium (the device): build + preview + flags', summary(chromium.times));
    row('Chromium: the flags alone (orderGuardrails)', summary(chromium.flagTimes));
  } finally {
    await close();
  }
  const node = timePreview(items, runs);
  row('Node (same code, for comparison)', summary(node.times));
  row('Node: the flags alone', summary(node.flagTimes));
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
