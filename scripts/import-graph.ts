/**
 * Measures the import graph of the source folders: import circles (strongly connected components of
 * more than one file) and imports that reach into another server module's insides (anything but its
 * index.ts). Run: `node --import tsx scripts/import-graph.ts` (--runtime leaves out `import type`; --list prints every edge found;
 * --check exits non-zero on any circle or reach, as `npm run lint` runs it).
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";

const ROOTS = ["server", "app", "art", "domain", "contract", "db"];
const root = path.resolve(import.meta.dirname, "..");

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name === "node_modules" || name === "migrations") continue;
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

const all = ROOTS.flatMap((r) => (existsSync(path.join(root, r)) ? files(path.join(root, r)) : []));
const known = new Set(all);
const withTypes = !process.argv.includes("--runtime");
const edges = new Map<string, string[]>();
const IMPORT = /(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

for (const file of all) {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    if (m[1] && !withTypes) continue; // `import type` is erased at run time; counted unless --runtime
    const spec = m[2] ?? m[3]!;
    let target: string | null = null;
    if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
    else if (spec.startsWith("~/")) target = path.join(root, "app", spec.slice(2));
    if (!target) continue;
    for (const c of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")]) {
      if (known.has(c)) {
        out.push(c);
        break;
      }
    }
  }
  edges.set(file, out);
}

// Tarjan's strongly connected components.
let index = 0;
const idx = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const on = new Set<string>();
const sccs: string[][] = [];
function visit(v: string) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  on.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
  }
  if (low.get(v) === idx.get(v)) {
    const comp: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      on.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1) sccs.push(comp);
  }
}
for (const f of all) if (!idx.has(f)) visit(f);

const rel = (f: string) => path.relative(root, f);
const moduleOf = (f: string) => /^server\/modules\/([^/]+)\//.exec(rel(f))?.[1];
const reaches: string[] = [];
for (const [from, tos] of edges) {
  const a = moduleOf(from);
  for (const to of tos) {
    const b = moduleOf(to);
    if (b && b !== a && path.basename(to) !== "index.ts") reaches.push(`${rel(from)} -> ${rel(to)}`);
  }
}

// The app reaches the server and the database only through the load context (server/context.ts): type imports only.
const appToServer: string[] = [];
for (const file of all) {
  if (!rel(file).startsWith("app/")) continue;
  for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = m[2] ?? m[3]!;
    if (!m[1] && spec.startsWith(".") && /^(server|db)\//.test(rel(path.resolve(path.dirname(file), spec)))) appToServer.push(`${rel(file)} -> ${spec}`);
  }
}

console.log(`${all.length} files, ${[...edges.values()].reduce((n, e) => n + e.length, 0)} ${withTypes ? "imports (type imports included)" : "runtime imports"}`);
console.log(`import circles: ${sccs.length}`);
for (const c of sccs) console.log(`  ${c.length} files: ${c.map(rel).sort().join(", ")}`);
console.log(`imports reaching into another server module (not its index.ts): ${reaches.length}`);
for (const r of reaches.sort()) console.log(`  ${r}`);
console.log(`run-time imports of server/ or db/ from app/ (loaders use the load context's services): ${appToServer.length}`);
for (const r of appToServer.sort()) console.log(`  ${r}`);
if (process.argv.includes("--check") && (sccs.length || reaches.length || appToServer.length)) {
  console.error("Import graph check failed: break the circle, or import the other module's index.ts (docs/architecture.md).");
  process.exit(1);
}
if (process.argv.includes("--list")) for (const [f, t] of edges) for (const x of t) console.log(`${rel(f)} -> ${rel(x)}`);
