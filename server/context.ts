// What the server hands to React Router loaders and actions: the session, the site's settings and
// the services, already bound to the database and configuration. Loaders call these and nothing else:
// never `db` or `config`, never a server module directly (they import this file's types only).
import type { Db } from "../db/client.ts";
import type { FormKind } from "../contract/public.ts";
import type { CheckTokenResponse } from "../contract/user.ts";
import type { Config } from "./config.ts";
import type { AuthContext } from "./plugins/session.ts";
import { chooseSessionCustomer, sessionAnswer, validateResetToken } from "./modules/auth/index.ts";
import { dashboardPanels } from "./modules/dashboard/index.ts";
import { referralPage } from "./modules/buyers/index.ts";
import { createContentService, type ContentService } from "./modules/content/index.ts";
import { allRanges, interactivePicture, issueFormToken, openings, postApplication, postContact, varietyRange } from "./modules/public/index.ts";

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
  /** Filled in by the server entry as it renders: whether the page is a static one (no scripts). */
  rendered?: { staticPage: boolean };
}

export function createServices(db: Db, config: Config, auth: AuthContext | null, clientIp: string) {
  const content = contentFor(config.brandName);
  // The session's customer chosen once per request, before anything of this request reads it.
  let chosen: Promise<void> | undefined;
  const choose = () => (chosen ??= chooseSessionCustomer(db, auth, config.defaultCustomerCode || null));
  return {
    /**
     * The same answer as GET /api/Auth/CheckToken/, for server rendering, once a customer that needs
     * no choice from the browser is set (SPEC §4 "Customer selection").
     */
    session: async (): Promise<CheckTokenResponse> => {
      await choose();
      return sessionAnswer(db, auth);
    },
    /** The dashboard's panels for the session's current customer (the dashboard's API answers). */
    dashboard: async () => {
      await choose();
      return dashboardPanels(db, auth);
    },
    content,
    validateResetToken: (token: string) => validateResetToken(db, token),
    /** A signed token a public form must send back (the page's fallback for posts without JavaScript). */
    formToken: (kind: FormKind) => issueFormToken(config, kind).token,
    openings: () => openings(content),
    /** The contact form posted as a plain HTML form: the same checks and service as /api/Public/Contact. */
    postContact: (request: Request, form: FormData) => postContact(request, form, { db, config, ip: clientIp }),
    postApplication: (request: Request, form: FormData) => postApplication(request, form, { db, config, content, ip: clientIp }),
    varietyRange: (slug: string) => varietyRange(db, slug),
    allRanges: (slugs: string[]) => allRanges(db, slugs),
    interactivePicture: (key: string) => interactivePicture(db, key),
    referralPage: (customerId: string) => referralPage(db, customerId),
  };
}
export type AppServices = ReturnType<typeof createServices>;
