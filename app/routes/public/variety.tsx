// Route module only: the page lives in app/features/public/variety-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { VarietyPage } from "../../features/public/variety-page.tsx";
export { loader, meta } from "../../features/public/variety-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default VarietyPage;
