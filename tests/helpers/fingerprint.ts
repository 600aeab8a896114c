import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client.ts";

/**
 * Row count and checksum of every table of the app (schema public) and of its migration record
 * (schema drizzle): two databases with equal fingerprints hold the same data.
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = rowsOf<{ n: number; h: string }>(
      await db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${name} t`)),
    );
    out[name] = `${r!.n}:${r!.h}`;
  }
  return out;
}
