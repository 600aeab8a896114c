// Route module only: the page lives in app/features/public/careers-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { Careers } from "../../features/public/careers-page.tsx";
export { loader, action, headers, meta } from "../../features/public/careers-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default Careers;
