import { OrdersPage } from "../../features/store/orders-pages.tsx";

export const meta = () => [{ title: "Orders" }];

export default function Orders() {
  return <OrdersPage />;
}
