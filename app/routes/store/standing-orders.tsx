import { StandingOrdersPage } from "../../features/store/standing-orders-page.tsx";

export const meta = () => [{ title: "Standing orders" }];

export default function StandingOrders() {
  return <StandingOrdersPage />;
}
