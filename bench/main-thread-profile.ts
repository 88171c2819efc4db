/**
 * What the page's main thread did, for the browser benchmarks (bench/local-catalog.ts): CPU
 * profiles (top functions by self time, and per time step) and a Chrome trace's self time by
 * event up to a moment of the page's clock.
 */
import type { CDPSession } from 'playwright-core';

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const row = (label: string, value: string) => console.log(`  ${label.padEnd(36)} ${value}`);

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export function printProfile(profile: CpuProfile, what = 'the typing') {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0) / 1000);
  }
  const total = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000;
  const idle = [...byName].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, t]) => a + t, 0);
  console.log(`\nCPU profile of ${what} (self time; ${ms(total - idle)} busy of ${ms(total)}):`);
  for (const [name, t] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) row(name.slice(0, 60), ms(t));
  // PROFILE_TOTAL=<regex>: the inclusive time of the functions whose name matches (a recursive
  // call counted once), to see what a component or a step costs with everything it calls.
  const pattern = process.env.PROFILE_TOTAL ? new RegExp(process.env.PROFILE_TOTAL) : null;
  if (!pattern) return;
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    const names = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nodes.get(at)!.callFrame.functionName;
      if (name && pattern.test(name)) names.add(name);
    }
    for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + t / 1000);
  }
  console.log(`\ninclusive time of /${pattern.source}/:`);
  for (const [name, t] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOTAL_TOP ?? 40))) row(name.slice(0, 60), ms(t));
}

/** What the main thread did over time: per 100 ms from the profile's start, its top functions by self time. */
export function printProfileTimeline(profile: CpuProfile, untilMs = 1500, step = Number(process.env.PROFILE_STEP ?? 100)) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const buckets = new Map<number, Map<string, number>>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    if (at > untilMs) return;
    const f = nodes.get(id)!.callFrame;
    if (f.functionName === '(idle)') return;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    const bucket = Math.floor(at / step) * step;
    const names = buckets.get(bucket) ?? new Map<string, number>();
    names.set(key, (names.get(key) ?? 0) + delta);
    buckets.set(bucket, names);
  });
  console.log(`\nbusy time per ${step} ms from the profile's start, top functions (self):`);
  for (const [bucket, names] of [...buckets].sort((a, b) => a[0] - b[0])) {
    const busy = [...names.values()].reduce((a, b) => a + b, 0);
    const top = [...names].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, t]) => `${n.slice(0, 40)} ${t.toFixed(0)}`);
    console.log(`  ${String(bucket).padStart(5)} ms: ${busy.toFixed(0).padStart(3)} busy | ${top.join(' | ')}`);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { frame?: string; url?: string }; src_file?: string; src_func?: string };
}

/**
 * --trace-reload, --trace-pull: where the renderer's main thread (and a dedicated worker's, the
 * pull's) spent the time from navigation to `untilMs` after it, from a Chrome trace
 * (devtools.timeline): self time by trace event (script evaluation and compilation, style,
 * layout, paint, parsing, IndexedDB, the network's tasks...).
 */
export async function traceMainThread(cdp: CDPSession, untilMs: number, what = 'navigation to first page'): Promise<void> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: TraceEvent[] }) => events.push(...e.value));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  const threads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const nav = events.filter((e) => e.name === 'navigationStart').at(-1);
  if (!nav || !threads.length) return void console.log('  (no renderer main thread or navigation in the trace)');
  const main = threads.find((t) => t.pid === nav.pid) ?? threads[0]!;
  const window = { from: nav.ts, until: nav.ts + untilMs * 1000 };
  printThread(events, main, window, `main thread, ${what} (${ms(untilMs)})`);
  for (const worker of events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === main.pid && e.args?.name === 'DedicatedWorker thread')) {
    printThread(events, worker, window, `a dedicated worker, ${what}`);
  }
}

/** One thread's busy time and self time by trace event in the window. */
function printThread(events: TraceEvent[], thread: TraceEvent, { from, until }: { from: number; until: number }, title: string): void {
  const slices = events
    .filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid && e.dur !== undefined && e.ts < until && e.ts + e.dur! > from)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const clip = (e: TraceEvent) => Math.min(e.ts + e.dur!, until) - Math.max(e.ts, from);
  // Self time: a slice's time minus its children's (slices nest on one thread). A task's self
  // time by where it was posted from (toplevel's src_file and src_func), which names what a CPU
  // profile shows only as '(program)'.
  const self = new Map<string, number>();
  const childTime = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  let busy = 0;
  for (const e of slices) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + clip(e));
    else busy += clip(e);
    stack.push(e);
  }
  for (const e of slices) {
    const posted = e.args?.src_func ? ` (${e.args.src_file?.split('/').slice(-2).join('/')}:${e.args.src_func})` : '';
    const key = `${e.name}${posted}`;
    self.set(key, (self.get(key) ?? 0) + clip(e) - (childTime.get(e) ?? 0));
  }
  console.log(`\n${title}: ${ms(busy / 1000)} in tasks; self time by trace event:`);
  for (const [name, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) row(`  ${name.slice(0, 110)}`, ms(t / 1000));
}
