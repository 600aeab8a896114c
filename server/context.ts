import type { Db } from "../db/client.ts";
import type { CheckTokenResponse } from "../contract/user.ts";
import type { Config } from "./config.ts";
import type { AuthContext } from "./plugins/session.ts";
import { sessionAnswer, validateResetToken } from "./modules/auth/index.ts";
import { createContentService, type ContentService } from "./modules/content/index.ts";

const contentByBrand = new Map<string, ContentService>();
function contentFor(brand: string) {
  let c = contentByBrand.get(brand);
  if (!c) contentByBrand.set(brand, (c = createContentService(brand)));
  return c;
}

/** What the server hands to React Router loaders and actions: the session and server-side services. */
export interface AppLoadContext {
  auth: AuthContext | null;
  nonce: string;
  /** The client's address as Fastify sees it (honouring TRUST_PROXY): rate limits for form posts. */
  clientIp: string;
  site: { brandName: string; publicUrl: string; defaultCustomerCode: string };
  services: AppServices;
}

export function createServices(db: Db, config: Config, auth: AuthContext | null) {
  return {
    /** The same answer as GET /api/Auth/CheckToken/, for server rendering. */
    session: (): Promise<CheckTokenResponse> => sessionAnswer(db, auth),
    content: contentFor(config.brandName),
    validateResetToken: (token: string) => validateResetToken(db, token),
    db,
    config,
  };
}
export type AppServices = ReturnType<typeof createServices>;
