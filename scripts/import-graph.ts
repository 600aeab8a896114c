/**
 * Measures and checks the shape of the source folders (docs/architecture.md, "One shape for every server
 * module"). Run: `node --import tsx scripts/import-graph.ts` (--runtime leaves out `import type`; --list
 * prints every edge found; --check exits non-zero on any break, as `npm run lint` runs it). It finds:
 *
 * - import circles (strongly connected components of more than one file);
 * - imports that reach into another server module's insides (anything but its index.ts);
 * - tables read or written outside their owner's repo (server/modules/table-owners.ts): a Drizzle table
 *   of db/schema imported, or a table named in raw `sql`, in a file that is not the owning module's repo;
 *   a published read model (a `pgView` of db/schema, READ_MODELS) may be read by any module's repo;
 * - a read model written to (a Drizzle insert, update or delete on it, or raw `insert into`, `update`,
 *   `delete from` naming it), anywhere;
 * - a read model with no owner in READ_MODELS;
 * - SQL outside a repo: a `sql` template or a db/tx select, insert, update, delete or execute in a module
 *   file that is not a repo (repo.ts, repo-*.ts, *-repo.ts, or a file under a repo/ folder);
 * - SQL in a plugin (server/plugins/): plugins do HTTP concerns only;
 * - run-time imports of server/ or db/ from app/ outside `*.server.ts(x)` files (loaders use the load
 *   context's services; type imports are erased and allowed).
 *
 * Known exceptions (KNOWN_EXCEPTIONS below) are allowed and must shrink only: one that no longer occurs
 * fails the check until it is removed from the list.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";

const ROOTS = ["server", "app", "art", "domain", "contract", "db"];

/**
 * Breaks left inside the folders rewritten around the carts engine (server/modules/store, mm, live;
 * issue 24 item 1): none left. The engine (server/modules/carts) owns carts, their lines and holds; the
 * stores read them through its read models. Each entry would be "file: what" as the check prints it.
 * The list stays, empty, so that the count is printed; it must shrink only, so nothing is added to it.
 */
export const CARTS_ENGINE_EXCEPTIONS: readonly string[] = [];

/**
 * Breaks outside those folders not yet moved to their owner: none left. Reads of another module's table
 * go through the read model its owner publishes (db/schema/read-models.ts), writes through a function
 * of the owner's repo exported by its index.ts (called with the caller's transaction). The list stays,
 * empty, so that the count is printed; it must shrink only, so nothing is added to it.
 */
export const NOT_YET_MOVED: readonly string[] = [];

/** Every break the check allows for now (both lists above). */
export const KNOWN_EXCEPTIONS: readonly string[] = [...CARTS_ENGINE_EXCEPTIONS, ...NOT_YET_MOVED];

export interface Analysis {
  files: number;
  imports: number;
  circles: string[][];
  reaches: string[];
  tableBreaks: string[];
  sqlOutsideRepo: string[];
  sqlInPlugins: string[];
  appToServer: string[];
  unownedTables: string[];
  /** Views of db/schema with no owner in READ_MODELS. */
  unownedViews: string[];
  /** "file: view written": an insert, update or delete on a read model. */
  viewWrites: string[];
  staleExceptions: string[];
  /** Every import edge found, "from -> to". */
  edges: string[];
}

const IMPORT = /(?:import|export)\s+(type\s+)?(?:([^"';]*?)\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const SQL_TEMPLATE = /\bsql(?:\.raw)?\s*(?:<[^`(]*>)?\s*[`(]/;
const QUERY_BUILDER = /\b(?:db|tx|trx|conn|database)\s*\.\s*(?:select|selectDistinct|selectDistinctOn|insert|update|delete|execute)\s*[(<]/;
const SQL_NAMES_TABLE = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name === "node_modules" || name === "migrations") continue;
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

/**
 * Drizzle identifier → SQL name of each table (`export const x = pgTable("name", …)`) or published read
 * model (`export const x = pgView("name")…`) of db/schema/*.ts.
 */
function schemaNames(root: string, kind: "pgTable" | "pgView"): Map<string, string> {
  const out = new Map<string, string>();
  const dir = path.join(root, "db", "schema");
  if (!existsSync(dir)) return out;
  const re = new RegExp(`export\\s+const\\s+(\\w+)\\s*=\\s*${kind}\\(\\s*["']([^"']+)["']`, "g");
  for (const f of listFiles(dir)) for (const m of readFileSync(f, "utf8").matchAll(re)) out.set(m[1]!, m[2]!);
  return out;
}

/** A Drizzle write on a named table or view: `.insert(x)`, `.update(x)`, `.delete(x)`. */
const DRIZZLE_WRITE = /\.\s*(?:insert|update|delete)\s*\(\s*(\w+)\s*[,)]/g;
/** A raw SQL write naming its target: `insert into x`, `update x`, `delete from x`. */
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The text of every `sql` template in `text`, without its `${…}` parts. */
function sqlTexts(text: string): string[] {
  const out: string[] = [];
  const re = /\bsql(?:<[^`]*?>)?\s*`/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    let i = m.index + m[0].length;
    let depth = 0;
    let body = "";
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (depth === 0 && c === "`") break;
      if (depth === 0 && c === "$" && text[i + 1] === "{") {
        depth = 1;
        i++;
        continue;
      }
      if (depth > 0) {
        if (c === "{") depth++;
        else if (c === "}") depth--;
        continue;
      }
      body += c;
    }
    out.push(body);
    re.lastIndex = i + 1;
  }
  return out;
}

/** Strips comments, so a comment naming `db.select(` or a table is not taken for SQL. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

export function analyse(
  root: string,
  options: { owners: Record<string, string>; readModels?: Record<string, string>; exceptions?: readonly string[]; withTypes?: boolean },
): Analysis {
  const withTypes = options.withTypes ?? true;
  const all = ROOTS.flatMap((r) => (existsSync(path.join(root, r)) ? listFiles(path.join(root, r)) : []));
  const known = new Set(all);
  const rel = (f: string) => path.relative(root, f).split(path.sep).join("/");
  const resolve = (file: string, spec: string): string | null => {
    let target: string | null = null;
    if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
    else if (spec.startsWith("~/")) target = path.join(root, "app", spec.slice(2));
    if (!target) return null;
    for (const c of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")]) if (known.has(c)) return c;
    return target;
  };

  const edges = new Map<string, string[]>();
  const texts = new Map<string, string>();
  for (const file of all) {
    const text = readFileSync(file, "utf8");
    texts.set(file, text);
    const out: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      if (m[1] && !withTypes) continue; // `import type` is erased at run time; counted unless --runtime
      const target = resolve(file, m[3] ?? m[4]!);
      if (target && known.has(target)) out.push(target);
    }
    edges.set(file, out);
  }

  // Tarjan's strongly connected components.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
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
      if (comp.length > 1) circles.push(comp.map(rel).sort());
    }
  };
  for (const f of all) if (!idx.has(f)) visit(f);

  const moduleOf = (f: string) => /^server\/modules\/([^/]+)\//.exec(rel(f))?.[1];
  const isRepo = (f: string) => /(^|\/)repo\//.test(rel(f)) || /^(repo([.-][\w-]+)?|[\w-]+-repo)\.ts$/.test(path.basename(f));
  const reaches: string[] = [];
  for (const [from, tos] of edges) {
    const a = moduleOf(from);
    for (const to of tos) {
      const b = moduleOf(to);
      if (b && b !== a && path.basename(to) !== "index.ts") reaches.push(`${rel(from)} -> ${rel(to)}`);
    }
  }

  const tables = schemaNames(root, "pgTable");
  const byName = new Map([...tables].map(([id, name]) => [name, id]));
  const unownedTables = [...tables.keys()].filter((t) => !options.owners[t]).sort();
  const views = schemaNames(root, "pgView");
  const viewByName = new Map([...views].map(([id, name]) => [name, id]));
  const unownedViews = [...views.keys()].filter((v) => !options.readModels?.[v]).sort();
  const viewWrites = new Set<string>();
  const schemaDir = path.join(root, "db", "schema");
  const tableBreaks = new Set<string>();
  const sqlOutsideRepo: string[] = [];
  const sqlInPlugins: string[] = [];
  const appToServer: string[] = [];
  for (const file of all) {
    const r = rel(file);
    const text = texts.get(file)!;
    if (r.startsWith("app/")) {
      if (/\.server\.tsx?$/.test(r)) continue;
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[3] ?? m[4]!;
        const target = resolve(file, spec);
        if (!m[1] && target && /^(server|db)\//.test(rel(target))) appToServer.push(`${r} -> ${spec}`);
      }
      continue;
    }
    if (!r.startsWith("server/") && !r.startsWith("db/")) continue;
    const code = withoutComments(text);
    const raw = sqlTexts(code);
    // A read model is read only: written to anywhere is a break.
    for (const m of code.matchAll(DRIZZLE_WRITE)) if (views.has(m[1]!)) viewWrites.add(`${r}: ${m[1]} written`);
    for (const body of raw) for (const m of body.matchAll(SQL_WRITE)) {
      const id = viewByName.get(m[1]!.toLowerCase());
      if (id) viewWrites.add(`${r}: ${id} written`);
    }
    if (!r.startsWith("server/")) continue;
    const mod = moduleOf(file);
    const mayOwn = (table: string) => mod !== undefined && options.owners[table] === mod && isRepo(file);
    // Drizzle tables imported (at run time) from db/schema.
    for (const m of code.matchAll(IMPORT)) {
      if (m[1] || !m[2]) continue;
      const target = resolve(file, m[3] ?? m[4]!);
      if (!target || !(target === schemaDir || target.startsWith(schemaDir + path.sep))) continue;
      const names = /\{([^}]*)\}/.exec(m[2])?.[1] ?? "";
      for (const part of names.split(",")) {
        const id = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!.trim();
        if (!id || /^type\s/.test(part.trim()) || !tables.has(id)) continue;
        if (!mayOwn(id)) tableBreaks.add(`${r}: ${id} (owner ${options.owners[id] ?? "none"})`);
      }
    }
    // Tables named in raw SQL (a read model's name is not a table's, so reading one passes).
    for (const body of raw) {
      for (const m of body.matchAll(SQL_NAMES_TABLE)) {
        const id = byName.get(m[1]!.toLowerCase());
        if (id && !mayOwn(id)) tableBreaks.add(`${r}: ${id} (owner ${options.owners[id] ?? "none"})`);
      }
    }
    const hasSql = raw.length > 0 || SQL_TEMPLATE.test(code) || QUERY_BUILDER.test(code);
    if (r.startsWith("server/plugins/")) {
      if (hasSql) sqlInPlugins.push(r);
    } else if (mod && !isRepo(file) && hasSql) sqlOutsideRepo.push(r);
  }

  const found = [
    ...reaches,
    ...tableBreaks,
    ...sqlOutsideRepo.map((f) => `${f}: SQL outside a repo`),
    ...sqlInPlugins.map((f) => `${f}: SQL in a plugin`),
  ];
  const exceptions = new Set(options.exceptions ?? []);
  const staleExceptions = [...exceptions].filter((e) => !found.includes(e));
  const open = (list: string[], fmt: (s: string) => string = (s) => s) => list.filter((s) => !exceptions.has(fmt(s))).sort();
  return {
    files: all.length,
    imports: [...edges.values()].reduce((n, e) => n + e.length, 0),
    circles,
    reaches: open(reaches),
    tableBreaks: open([...tableBreaks]),
    sqlOutsideRepo: open(sqlOutsideRepo, (f) => `${f}: SQL outside a repo`),
    sqlInPlugins: open(sqlInPlugins, (f) => `${f}: SQL in a plugin`),
    appToServer: appToServer.sort(),
    unownedTables,
    unownedViews,
    viewWrites: [...viewWrites].sort(),
    staleExceptions,
    edges: [...edges].flatMap(([f, tos]) => tos.map((t) => `${rel(f)} -> ${rel(t)}`)),
  };
}

/** True when the analysis finds anything the check refuses. */
export const failed = (a: Analysis) =>
  a.circles.length + a.reaches.length + a.tableBreaks.length + a.sqlOutsideRepo.length + a.sqlInPlugins.length + a.appToServer.length + a.unownedTables.length + a.unownedViews.length + a.viewWrites.length + a.staleExceptions.length > 0;

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { TABLE_OWNERS, READ_MODELS } = await import("../server/modules/table-owners.ts");
  const root = path.resolve(import.meta.dirname, "..");
  const a = analyse(root, { owners: TABLE_OWNERS, readModels: READ_MODELS, exceptions: KNOWN_EXCEPTIONS, withTypes: !process.argv.includes("--runtime") });
  const section = (title: string, list: string[]) => {
    console.log(`${title}: ${list.length}`);
    for (const s of list) console.log(`  ${s}`);
  };
  console.log(`${a.files} files, ${a.imports} ${process.argv.includes("--runtime") ? "runtime imports" : "imports (type imports included)"}`);
  section("import circles", a.circles.map((c) => `${c.length} files: ${c.join(", ")}`));
  section("imports reaching into another server module (not its index.ts)", a.reaches);
  section("tables read or written outside their owner's repo (server/modules/table-owners.ts)", a.tableBreaks);
  section("module files with SQL outside a repo", a.sqlOutsideRepo);
  section("plugins with SQL (plugins do HTTP concerns only)", a.sqlInPlugins);
  section("run-time imports of server/ or db/ from app/ outside *.server.ts (loaders use the load context's services)", a.appToServer);
  section("tables of db/schema with no owner in server/modules/table-owners.ts", a.unownedTables);
  section("read models of db/schema with no owner in READ_MODELS (server/modules/table-owners.ts)", a.unownedViews);
  section("read models written to (a view is read only: its owner writes the table)", a.viewWrites);
  section("known exceptions that no longer occur (remove them from KNOWN_EXCEPTIONS)", a.staleExceptions);
  console.log(`known exceptions, must shrink: ${CARTS_ENGINE_EXCEPTIONS.length} in the carts engine's folders (store, mm, live), ${NOT_YET_MOVED.length} elsewhere not yet moved`);
  if (process.argv.includes("--all")) {
    const all = analyse(root, { owners: TABLE_OWNERS, readModels: READ_MODELS, withTypes: !process.argv.includes("--runtime") });
    console.log(`without exceptions: ${all.circles.length} circles, ${all.reaches.length} reaches past index.ts, ${all.tableBreaks.length} table-ownership breaks, ${all.sqlOutsideRepo.length} module files with SQL outside a repo, ${all.sqlInPlugins.length} plugins with SQL, ${all.appToServer.length} app imports of server code`);
  }
  if (process.argv.includes("--check") && failed(a)) {
    console.error("Import graph check failed: see docs/architecture.md (\"One shape for every server module\").");
    process.exit(1);
  }
  if (process.argv.includes("--list")) for (const e of a.edges) console.log(e);
}
