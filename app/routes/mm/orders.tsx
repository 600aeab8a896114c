import { MmOrdersPage } from "../../features/mm/orders-pages.tsx";

export const meta = () => [{ title: "Orders" }];

export default function MmOrders() {
  return <MmOrdersPage />;
}
