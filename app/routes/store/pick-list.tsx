import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { PickListPage } from "../../features/order-desk/pick-list-page.tsx";

export const handle: PageHandle = { header: "Order Desk", back: "/Administration/Orders" };

export const meta = () => [{ title: "Pick list" }];

export default function PickList() {
  return <PickListPage />;
}
