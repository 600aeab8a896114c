import type { LoaderFunctionArgs } from "react-router";
import { NewCustomerScreen } from "../../features/staff/customers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "New mass-market customer" }];
export const handle = { header: "Customers", back: "/MM/Customer" };
export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function NewMmCustomer() {
  return <NewCustomerScreen kind="massMarket" title="New mass-market customer" detailPath={(id) => `/MM/Customer/${encodeURIComponent(id)}`} />;
}
