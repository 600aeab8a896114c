// The import-graph check on small trees written for each rule: a tree that keeps the rules passes, and
// each breaking example is found by its own rule (and fails the check).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { analyse, failed } from "./import-graph.ts";

const OWNERS = { users: "accounts", orders: "orders" };
const trees: string[] = [];

/** Writes a tree of files (path → text) into a fresh folder and returns its root. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "import-graph-"));
  trees.push(root);
  const all: Record<string, string> = { ...BASE, ...files };
  for (const [rel, text] of Object.entries(all)) {
    const p = path.join(root, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  return root;
}

afterEach(() => {
  for (const t of trees.splice(0)) rmSync(t, { recursive: true, force: true });
});

/** A tree that keeps every rule: two modules, each with its repo, one asking the other through its index. */
const BASE: Record<string, string> = {
  "db/schema/index.ts": `export * from "./accounts.ts";\nexport * from "./orders.ts";\n`,
  "db/schema/accounts.ts": `export const users = pgTable("users", {});\n`,
  "db/schema/orders.ts": `export const orders = pgTable(\n  "orders",\n  {},\n);\n`,
  "server/modules/accounts/repo.ts": `import { users } from "../../../db/schema/index.ts";\nexport const userById = (db: any, id: string) => db.select().from(users).where(id);\n`,
  "server/modules/accounts/index.ts": `export { userById } from "./repo.ts";\n`,
  "server/modules/orders/repo.ts": `import { sql } from "drizzle-orm";\nimport { orders } from "../../../db/schema/index.ts";\nexport const count = (db: any) => db.execute(sql\`select count(*) from orders where \${orders.id} > 0\`);\n`,
  "server/modules/orders/service.ts": `import { userById } from "../accounts/index.ts";\nimport { count } from "./repo.ts";\nimport type { users } from "../../../db/schema/index.ts";\nexport const both = (db: any) => [userById(db, "a"), count(db)];\nexport type U = typeof users;\n`,
  "server/modules/orders/index.ts": `export { both } from "./service.ts";\n`,
  "server/plugins/session.ts": `import { userById } from "../modules/accounts/index.ts";\nexport const plugin = (db: any) => userById(db, "x");\n`,
  "app/routes/home.tsx": `import type { U } from "../../server/modules/orders/index.ts";\nexport type X = U;\n`,
  "app/entry.server.tsx": `import { both } from "../server/modules/orders/index.ts";\nexport const y = both;\n`,
};

const run = (root: string, exceptions: string[] = []) => analyse(root, { owners: OWNERS, exceptions });

describe("import-graph check", () => {
  it("passes a tree that keeps every rule", () => {
    const a = run(tree({}));
    expect(a).toMatchObject({ circles: [], reaches: [], tableBreaks: [], sqlOutsideRepo: [], sqlInPlugins: [], appToServer: [], unownedTables: [], staleExceptions: [] });
    expect(a.files).toBe(Object.keys(BASE).length);
    expect(failed(a)).toBe(false);
  });

  it("fails on an import circle", () => {
    const a = run(tree({ "server/modules/accounts/repo.ts": `import { both } from "../orders/index.ts";\nexport const userById = both;\n` }));
    expect(a.circles).toHaveLength(1);
    expect(a.circles[0]).toContain("server/modules/orders/service.ts");
    expect(failed(a)).toBe(true);
  });

  it("fails on a module reaching past another's index.ts", () => {
    const a = run(tree({ "server/modules/orders/service.ts": `import { userById } from "../accounts/repo.ts";\nexport const both = userById;\n` }));
    expect(a.reaches).toEqual(["server/modules/orders/service.ts -> server/modules/accounts/repo.ts"]);
    expect(failed(a)).toBe(true);
  });

  it("fails on a plugin reaching into a module", () => {
    const a = run(tree({ "server/plugins/session.ts": `import { userById } from "../modules/accounts/repo.ts";\nexport const p = userById;\n` }));
    expect(a.reaches).toEqual(["server/plugins/session.ts -> server/modules/accounts/repo.ts"]);
  });

  it("fails on a table read in another module's repo (Drizzle identifier)", () => {
    const a = run(tree({ "server/modules/orders/repo.ts": `import { orders, users } from "../../../db/schema/index.ts";\nexport const f = (db: any) => db.select().from(users).innerJoin(orders);\n` }));
    expect(a.tableBreaks).toEqual(["server/modules/orders/repo.ts: users (owner accounts)"]);
    expect(failed(a)).toBe(true);
  });

  it("fails on a table named in raw SQL outside its owner's repo", () => {
    const a = run(tree({ "server/modules/orders/repo.ts": "import { sql } from \"drizzle-orm\";\nexport const f = (db: any, id: string) => db.execute(sql`select o.id from orders o join users u on u.id = o.user_id where o.id = ${id}`);\n" }));
    expect(a.tableBreaks).toEqual(["server/modules/orders/repo.ts: users (owner accounts)"]);
  });

  it("fails on the owner's table used outside its repo, even in the owning module", () => {
    const a = run(tree({ "server/modules/accounts/service.ts": `import { users } from "../../../db/schema/index.ts";\nexport const t = users;\n` }));
    expect(a.tableBreaks).toEqual(["server/modules/accounts/service.ts: users (owner accounts)"]);
  });

  it("fails on a table no module owns", () => {
    const a = run(tree({ "db/schema/extra.ts": `export const notes = pgTable("notes", {});\n` }));
    expect(a.unownedTables).toEqual(["notes"]);
    expect(failed(a)).toBe(true);
  });

  it("fails on SQL outside a repo (a sql template, or a query builder on db or tx)", () => {
    const a = run(
      tree({
        "server/modules/orders/service.ts": "import { sql } from \"drizzle-orm\";\nexport const f = (db: any) => db.execute(sql`select 1`);\n",
        "server/modules/accounts/service.ts": `export const g = (tx: any) => tx.delete(x);\n`,
      }),
    );
    expect(a.sqlOutsideRepo).toEqual(["server/modules/accounts/service.ts", "server/modules/orders/service.ts"]);
    expect(failed(a)).toBe(true);
  });

  it("takes repo-*.ts, *-repo.ts and files under repo/ for repos", () => {
    const q = `export const f = (db: any) => db.select().from(x);\n`;
    const a = run(tree({ "server/modules/orders/pick-list-repo.ts": q, "server/modules/orders/repo-lines.ts": q, "server/modules/orders/repo/carts.ts": q }));
    expect(a.sqlOutsideRepo).toEqual([]);
  });

  it("fails on SQL in a plugin", () => {
    const a = run(tree({ "server/plugins/ops.ts": "import { sql } from \"drizzle-orm\";\nexport const f = (db: any) => db.execute(sql`select count(*) from jobs`);\n" }));
    expect(a.sqlInPlugins).toEqual(["server/plugins/ops.ts"]);
    expect(failed(a)).toBe(true);
  });

  it("fails on app/ importing server code outside *.server.ts (type imports pass)", () => {
    const a = run(tree({ "app/routes/orders.tsx": `import { both } from "../../server/modules/orders/index.ts";\nexport const x = both;\n` }));
    expect(a.appToServer).toEqual(["app/routes/orders.tsx -> ../../server/modules/orders/index.ts"]);
    expect(failed(a)).toBe(true);
  });

  describe("read models", () => {
    const VIEW = { "db/schema/read-models.ts": `import { users } from "./accounts.ts";\nexport const usersRead = pgView("users_read").as((qb) => qb.select({ id: users.id }).from(users));\n` };
    const withViews = (root: string, readModels: Record<string, string> = { usersRead: "accounts" }) => analyse(root, { owners: OWNERS, readModels });

    it("lets any module's repo read a published read model, by its Drizzle identifier or its SQL name", () => {
      const a = withViews(
        tree({
          ...VIEW,
          "server/modules/orders/repo.ts": "import { sql } from \"drizzle-orm\";\nimport { orders, usersRead } from \"../../../db/schema/index.ts\";\nexport const f = (db: any) => db.select().from(orders).innerJoin(usersRead);\nexport const g = (db: any) => db.execute(sql`select o.id from orders o join users_read u on u.id = o.user_id`);\n",
        }),
      );
      expect(a).toMatchObject({ tableBreaks: [], viewWrites: [], unownedViews: [] });
      expect(failed(a)).toBe(false);
    });

    it("fails on a read model written to (Drizzle or raw SQL), even by its owner", () => {
      const a = withViews(
        tree({
          ...VIEW,
          "server/modules/orders/repo.ts": `import { usersRead } from "../../../db/schema/index.ts";\nexport const f = (db: any) => db.update(usersRead).set({ id: "x" });\n`,
          "server/modules/accounts/repo.ts": "import { sql } from \"drizzle-orm\";\nexport const g = (db: any) => db.execute(sql`delete from users_read where id = ${1}`);\n",
        }),
      );
      expect(a.viewWrites).toEqual(["server/modules/accounts/repo.ts: usersRead written", "server/modules/orders/repo.ts: usersRead written"]);
      expect(failed(a)).toBe(true);
    });

    it("fails on a read model no module owns", () => {
      const a = withViews(tree(VIEW), {});
      expect(a.unownedViews).toEqual(["usersRead"]);
      expect(failed(a)).toBe(true);
    });

    it("still fails on the base table outside its owner's repo when its read model exists", () => {
      const a = withViews(
        tree({ ...VIEW, "server/modules/orders/repo.ts": `import { users, usersRead } from "../../../db/schema/index.ts";\nexport const f = (db: any) => db.select().from(users).innerJoin(usersRead);\n` }),
      );
      expect(a.tableBreaks).toEqual(["server/modules/orders/repo.ts: users (owner accounts)"]);
      expect(failed(a)).toBe(true);
    });
  });

  it("allows a listed exception, and fails on one that no longer occurs", () => {
    const breaking = tree({ "server/modules/orders/repo.ts": `import { users } from "../../../db/schema/index.ts";\nexport const f = users;\n` });
    const listed = run(breaking, ["server/modules/orders/repo.ts: users (owner accounts)"]);
    expect(listed.tableBreaks).toEqual([]);
    expect(failed(listed)).toBe(false);
    const stale = run(tree({}), ["server/modules/orders/repo.ts: users (owner accounts)"]);
    expect(stale.staleExceptions).toEqual(["server/modules/orders/repo.ts: users (owner accounts)"]);
    expect(failed(stale)).toBe(true);
  });
});
