import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { DeskClaimsPage } from "../../features/claims/claims-pages.tsx";

export const handle: PageHandle = { header: "Order Desk", back: "/Administration/Orders" };

export const meta = () => [{ title: "Claims · Order desk" }];

export default function OrderDeskClaims() {
  return <DeskClaimsPage />;
}
