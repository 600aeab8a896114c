import pg from "pg";

/**
 * A second connection to a test app's PostgreSQL database, beside the app's own pool: it holds locks
 * and watches the app's connections wait for them (tests of what PostgreSQL runs side by side).
 */
export interface Rival {
  client: pg.Client;
  /** Waits until at least `n` other connections wait for a lock (within 10 s). */
  waitingForLocks(n?: number): Promise<void>;
  end(): Promise<void>;
}

export async function rivalConnection(url: string): Promise<Rival> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    client,
    async waitingForLocks(n = 1) {
      for (let i = 0; i < 200; i++) {
        const r = await client.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
        );
        if (r.rows[0]!.n >= n) return;
        await new Promise((done) => setTimeout(done, 50));
      }
      throw new Error(`fewer than ${n} connections waited for a lock`);
    },
    end: () => client.end(),
  };
}
