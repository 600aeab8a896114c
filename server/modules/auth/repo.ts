// SQL of the auth module that the service's flows share (more to move here: sessions and reset tokens).
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";

/** The id and e-mail of a user (the staff member behind an impersonation). */
export async function userIdentity(db: DbOrTx, userId: string): Promise<{ id: string; email: string } | null> {
  const [o] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return o ?? null;
}
