import { data, useParams, type LoaderFunctionArgs } from "react-router";
import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { DeskOrderPage } from "../../features/order-desk/order-desk-pages.tsx";
import { parseOrderNumber } from "../../features/store/order-number.ts";

export const handle: PageHandle = { header: "Order Desk", back: "/Administration/Orders" };

export function loader({ params }: LoaderFunctionArgs) {
  if (parseOrderNumber(params.orderNumber) === null) throw data(`Invalid order number: ${params.orderNumber}`, { status: 404 });
  return null;
}

export const meta = ({ params }: { params: { orderNumber?: string } }) => [{ title: `Order desk: order ${params.orderNumber ?? ""}` }];

export default function DeskOrder() {
  const { orderNumber } = useParams();
  return <DeskOrderPage orderNumber={parseOrderNumber(orderNumber)!} />;
}
