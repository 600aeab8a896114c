// Route module only: the page lives in app/features/public/unauthorized-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { Unauthorized } from "../../features/public/unauthorized-page.tsx";
export { loader, meta } from "../../features/public/unauthorized-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default Unauthorized;
