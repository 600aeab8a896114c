// Route module only: the page lives in app/features/public/home-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { Home } from "../../features/public/home-page.tsx";
export { loader, meta } from "../../features/public/home-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default Home;
