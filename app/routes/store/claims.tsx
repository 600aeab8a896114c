import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { ClaimsPage } from "../../features/claims/claims-pages.tsx";

export const handle: PageHandle = { header: "Claims", back: "/Orders" };

export const meta = () => [{ title: "Claims" }];

export default function Claims() {
  return <ClaimsPage />;
}
