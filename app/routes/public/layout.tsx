// Route module only: the page lives in app/features/public/layout.tsx.
import { PublicLayout } from "../../features/public/layout.tsx";
export { handle, loader, shouldRevalidate } from "../../features/public/layout.tsx";

export default PublicLayout;
