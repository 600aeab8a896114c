import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { OrderDeskPage } from "../../features/order-desk/order-desk-pages.tsx";

export const handle: PageHandle = { header: "Administration", back: "/Administration" };

export const meta = () => [{ title: "Order desk" }];

export default function OrderDesk() {
  return <OrderDeskPage />;
}
