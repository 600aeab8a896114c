// Route module only: the page lives in app/features/public/our-team-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { OurTeam } from "../../features/public/our-team-page.tsx";
export { loader, meta } from "../../features/public/our-team-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default OurTeam;
