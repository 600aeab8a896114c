import type { LoaderFunctionArgs } from "react-router";
import { CustomersScreen } from "../../features/staff/customers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Mass-market customers" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function MmCustomers() {
  return <CustomersScreen kind="massMarket" title="Customers" intro="Mass-market customers." detailPath={(id) => `/MM/Customer/${encodeURIComponent(id)}`} newPath="/MM/Customer/New" newLabel="New customer" />;
}
