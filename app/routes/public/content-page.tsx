// Route module only: the page lives in app/features/public/content-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { ContentPage } from "../../features/public/content-page.tsx";
export { loader, meta } from "../../features/public/content-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default ContentPage;
