/**
 * The long tasks of a Chromium trace written by the browser bench (BENCH_TRACE=1): every task over
 * 50 ms on the page's main thread, and what ran inside it (script, garbage collection, HTML parsing,
 * style, layout, paint), largest first.
 *   node --import tsx bench/trace-tasks.ts [bench/results/store-browser-trace.json] [threshold ms]
 */
import { readFileSync } from "node:fs";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; frames?: { functionName: string; url: string }[] } };
}

const file = process.argv[2] ?? "bench/results/store-browser-trace.json";
const threshold = Number(process.argv[3] ?? 50);
const { traceEvents } = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] };

// The page's main thread: the renderer's CrRendererMain with the most events.
const mains = traceEvents.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
const busiest = mains
  .map((m) => ({ pid: m.pid, tid: m.tid, n: traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length }))
  .sort((a, b) => b.n - a.n)[0];
if (!busiest) throw new Error("no renderer main thread in the trace");
const onMain = traceEvents.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid && e.ph === "X" && typeof e.dur === "number");
const start = Math.min(...onMain.map((e) => e.ts));

const KINDS = /^(FunctionCall|EvaluateScript|v8\.evaluateModule|V8\.GC_|MajorGC|MinorGC|V8\.GCScavenger|V8\.GCFinalizeMC|ParseHTML|Layout|UpdateLayoutTree|Paint|PrePaint|Layerize|Commit|HitTest|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|v8\.run|V8\.Execute|ResourceReceivedData|XHRLoad|ScheduleStyleRecalculation|InvalidateLayout|IntersectionObserverController::computeIntersections|ResizeObserver|UpdateLayer|ParseAuthorStyleSheet|BlinkGC\.\w+|v8\.callFunction|v8\.compile)/;

const tasks = onMain.filter((e) => (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.dur! > threshold * 1000);
console.log(`${tasks.length} task(s) over ${threshold} ms on the main thread (${file})`);
for (const task of tasks) {
  const end = task.ts + task.dur!;
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
  const byName = new Map<string, number>();
  for (const e of inside) {
    if (!KINDS.test(e.name)) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur!);
  }
  console.log(`\n@${((task.ts - start) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms`);
  for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${name.padEnd(44)} ${(us / 1000).toFixed(1)} ms (summed, nested events counted in each)`);
  const calls = inside.filter((e) => e.name === "FunctionCall" || e.name === "TimerFire" || e.name === "EventDispatch" || e.name === "FireAnimationFrame");
  for (const c of calls.sort((a, b) => b.dur! - a.dur!).slice(0, 5)) {
    const d = c.args?.data;
    console.log(`    ${c.name} ${(c.dur! / 1000).toFixed(1)} ms ${d?.functionName ?? ""} ${d?.url ? d.url.replace(/^.*\//, "") : ""}`);
  }
}

// The CPU profile's samples inside long tasks: the functions that ran longest (self time).
const profileChunks = traceEvents.filter((e) => e.name === "ProfileChunk") as unknown as {
  pid: number;
  tid: number;
  ts: number;
  id: string;
  args: { data: { cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[] }; timeDeltas?: number[] } };
}[];
if (profileChunks.length > 0 && tasks.length > 0) {
  const nodes = new Map<number, { functionName: string; url: string; lineNumber: number; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  let t = (traceEvents.find((e) => e.name === "Profile") as TraceEvent | undefined)?.ts ?? 0;
  const profile = traceEvents.find((e) => e.name === "Profile") as unknown as { args: { data: { startTime: number } } } | undefined;
  if (profile?.args?.data?.startTime) t = profile.args.data.startTime;
  for (const chunk of profileChunks) {
    const cp = chunk.args.data.cpuProfile;
    for (const n of cp?.nodes ?? []) nodes.set(n.id, { ...n.callFrame, parent: n.parent });
    const deltas = chunk.args.data.timeDeltas ?? [];
    (cp?.samples ?? []).forEach((s, i) => {
      t += deltas[i] ?? 0;
      samples.push({ ts: t, node: s });
    });
  }
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    let prev: number | undefined;
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > end) continue;
      const dt = prev === undefined ? 0 : s.ts - prev;
      prev = s.ts;
      const n = nodes.get(s.node);
      if (!n) continue;
      const key = (x: { functionName: string; url: string; lineNumber: number }) => `${x.functionName || "(anonymous)"} ${(x.url ?? "").replace(/^.*\//, "")}:${x.lineNumber}`;
      self.set(key(n), (self.get(key(n)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let p: typeof n | undefined = n; p; p = p.parent !== undefined ? nodes.get(p.parent) : undefined) {
        const k = key(p);
        if (seen.has(k)) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + dt);
      }
    }
    console.log(`\nSamples in the task @${((task.ts - start) / 1000).toFixed(0)} ms (${(task.dur! / 1000).toFixed(1)} ms): self time`);
    for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${(us / 1000).toFixed(1).padStart(6)} ms ${k}`);
    console.log("  total time (with callees):");
    for (const [k, us] of [...total].sort((a, b) => b[1] - a[1]).filter(([k]) => !/^\(root\)|^\(program\)/.test(k)).slice(0, 14)) console.log(`  ${(us / 1000).toFixed(1).padStart(6)} ms ${k}`);
  }
}
