import type { AppLoadContext } from "../../server/context.ts";

/** The server's load context, typed (React Router passes it as an opaque object). */
export const appContext = (context: unknown) => context as AppLoadContext;
