import { data, useParams, type LoaderFunctionArgs } from "react-router";
import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { MmOrderPage } from "../../features/mm/orders-pages.tsx";
import { parseOrderNumber } from "../../features/store/order-number.ts";

export const handle: PageHandle = { header: "Order History", back: "/MM/Orders" };

export function loader({ params }: LoaderFunctionArgs) {
  if (parseOrderNumber(params.orderNumber) === null) throw data(`Invalid order number: ${params.orderNumber}`, { status: 404 });
  return null;
}

export const meta = ({ params }: { params: { orderNumber?: string } }) => [{ title: `Order ${params.orderNumber ?? ""}` }];

export default function MmOrderDetail() {
  const { orderNumber } = useParams();
  return <MmOrderPage orderNumber={parseOrderNumber(orderNumber)!} />;
}
