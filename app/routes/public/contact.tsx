// Route module only: the page lives in app/features/public/contact-page.tsx.
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { Contact } from "../../features/public/contact-page.tsx";
export { loader, action, headers, meta } from "../../features/public/contact-page.tsx";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export default Contact;
