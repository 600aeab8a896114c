// Route module only: the page lives in app/features/public/care-index-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { CareIndex } from "../../features/public/care-index-page.tsx";
export { loader, meta } from "../../features/public/care-index-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default CareIndex;
