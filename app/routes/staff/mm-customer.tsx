import type { LoaderFunctionArgs } from "react-router";
import { useParams } from "react-router";
import { CustomerScreen } from "../../features/staff/customers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Customer" }];
export const handle = { header: "Customers", back: "/MM/Customer" };
export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function MmCustomer() {
  const { customerId = "" } = useParams();
  return <CustomerScreen customerId={customerId} retailerPath={(id) => `/Administration/Retailers/${id}`} />;
}
