import { data, useParams, type LoaderFunctionArgs } from "react-router";
import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { parseOrderNumber } from "../../features/store/order-number.ts";
import { ShipDateDetailPage } from "../../features/store/orders-pages.tsx";

export const handle: PageHandle = { header: "Order History", back: "/orders" };

export function loader({ params }: LoaderFunctionArgs) {
  if (parseOrderNumber(params.orderNumber) === null) throw data(`Invalid order number: ${params.orderNumber}`, { status: 404 });
  return null;
}

export const meta = () => [{ title: "Ship date detail" }];

export default function ShipDateDetail() {
  const { orderNumber } = useParams();
  return <ShipDateDetailPage orderNumber={parseOrderNumber(orderNumber)!} />;
}
