/**
 * What a saved trace's main thread did: its long tasks (what each spent its time on) and, for a
 * trace with V8's CPU samples, the functions that ran in a window. For the traces
 * bench/lighthouse.ts saves (`--json DIR`, with `--cpu-profile` for the samples):
 *
 *   node bench/run.mjs bench/trace-tasks.ts DIR/trace-products-mobile-1.json [--over 25] [--from 2000 --to 2200 [--under name] [--top 25]]
 *
 * Times are milliseconds after navigation start on the trace's own clock (unthrottled: Lighthouse
 * simulates its phone by multiplying these by 4). --over: the shortest task listed (default 25).
 * With --from/--to: the functions that ran in that window, by self and by total time (--under
 * <regex>: only the samples with a function of that name on their stack).
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileChunk {
  cpuProfile?: { nodes?: Array<{ id: number; callFrame: CallFrame; parent?: number }>; samples?: number[] };
  timeDeltas?: number[];
}

function option(name: string): number | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : undefined;
}

const file = process.argv[2];
if (!file || file.startsWith('--')) throw new Error('usage: trace-tasks.ts <trace.json> [--over ms] [--from ms --to ms]');
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;

// The page's main thread: the renderer main thread with the most events.
const threadNames = new Map<string, string>();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
const counts = new Map<string, number>();
for (const e of events) {
  const key = `${e.pid}:${e.tid}`;
  if (threadNames.get(key) === 'CrRendererMain') counts.set(key, (counts.get(key) ?? 0) + 1);
}
const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!main) throw new Error('no renderer main thread in this trace');
const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
const start = Math.min(...onMain.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
const at = (ts: number) => (ts - start) / 1000;
const fmt = (n: number) => n.toFixed(1).padStart(7);

// ------------------------------------------------------------------------------------------------
// Long tasks, with the trace events inside each (by total duration; nested ones count in their parents too)

const OVER = option('over') ?? 25;
const INTERESTING = new Set([
  'EvaluateScript', 'v8.evaluateModule', 'v8.compileModule', 'v8.compile', 'FunctionCall', 'TimerFire', 'EventDispatch',
  'FireAnimationFrame', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'ParseHTML', 'ParseAuthorStyleSheet', 'Paint',
  'PrePaint', 'Layerize', 'Commit', 'MajorGC', 'MinorGC', 'HitTest',
]);
const complete = onMain.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
const tasks = complete.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
let blocking = 0;
console.log(`tasks over ${OVER} ms (start, duration, what inside):`);
for (const task of tasks) {
  const duration = task.dur! / 1000;
  blocking += Math.max(0, duration * 4 - 50);
  if (duration < OVER) continue;
  const end = task.ts + task.dur!;
  const inside = new Map<string, number>();
  for (const e of complete) {
    if (e.ts < task.ts || e.ts >= end || e === task || !INTERESTING.has(e.name)) continue;
    const url = String(e.args?.data?.url ?? '').split('/').pop();
    const key = url && /Script|Module|FunctionCall/.test(e.name) ? `${e.name} ${url}` : e.name;
    inside.set(key, (inside.get(key) ?? 0) + e.dur! / 1000);
  }
  const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${v.toFixed(0)}`);
  console.log(`${fmt(at(task.ts))} ${fmt(duration)}  ${top.join(', ')}`);
}
console.log(`blocking time if every task were 4x longer (Lighthouse's phone; from navigation, not from FCP): ${blocking.toFixed(0)} ms`);

// ------------------------------------------------------------------------------------------------
// CPU samples in a window

const from = option('from');
const to = option('to');
/** --under <regex>: only the samples with a function of that name on their stack. --top N: rows listed (25). */
const underAt = process.argv.indexOf('--under');
const under = underAt > 0 ? new RegExp(process.argv[underAt + 1]!) : null;
const top = option('top') ?? 25;
if (from !== undefined && to !== undefined) {
  const nodes = new Map<number, { frame: CallFrame; parent?: number }>();
  const samples: Array<{ ts: number; node: number }> = [];
  const pid = Number(main.split(':')[0]);
  let clock = 0;
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid) clock = Number((e.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const chunk = e.args?.data as ProfileChunk;
    for (const n of chunk.cpuProfile?.nodes ?? []) nodes.set(n.id, { frame: n.callFrame, parent: n.parent });
    (chunk.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += chunk.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  if (samples.length === 0) throw new Error('no CPU samples in this trace (bench/lighthouse.ts --cpu-profile records them)');
  samples.sort((a, b) => a.ts - b.ts);
  const name = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const ancestors = (id: number) => {
    const out: CallFrame[] = [];
    for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) out.push(n.frame);
    return out;
  };
  samples.forEach((s, i) => {
    const t = at(s.ts);
    if (t < from || t >= to) return;
    if (under && !ancestors(s.node).some((f) => under.test(f.functionName))) return;
    const ms = ((samples[i + 1]?.ts ?? s.ts) - s.ts) / 1000;
    const leaf = nodes.get(s.node);
    if (leaf) self.set(name(leaf.frame), (self.get(name(leaf.frame)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let n = nodes.get(s.node); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
      const key = name(n.frame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  });
  for (const [title, map] of [['self time', self], ['total time', total]] as const) {
    console.log(`\nfunctions from ${from} to ${to} ms${under ? ` under /${under.source}/` : ''}, by ${title}:`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${fmt(ms)}  ${key.slice(0, 110)}`);
  }
}
