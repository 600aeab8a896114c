// Route module only: the page lives in app/features/public/interactive-catalogue-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { InteractiveCatalogue } from "../../features/public/interactive-catalogue-page.tsx";
export { loader, meta } from "../../features/public/interactive-catalogue-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default InteractiveCatalogue;
