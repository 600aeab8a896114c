import type { LoaderFunctionArgs } from "react-router";
import { useParams } from "react-router";
import { CustomerScreen } from "../../features/staff/customers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Wholesaler" }];
export const handle = { header: "Wholesalers", back: "/Admin/Wholesalers" };
export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Wholesaler() {
  const { customerId = "" } = useParams();
  return <CustomerScreen customerId={customerId} retailerPath={(id) => `/Administration/Retailers/${id}`} />;
}
