// Route module only: the page lives in app/features/public/blog-index-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { BlogIndex } from "../../features/public/blog-index-page.tsx";
export { loader, meta } from "../../features/public/blog-index-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default BlogIndex;
