import type { LoaderFunctionArgs } from "react-router";
import { CustomersScreen } from "../../features/staff/customers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Wholesalers" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Wholesalers() {
  return <CustomersScreen kind="wholesale" title="Wholesalers" intro="Wholesale customers: records, ship times, logos and referral pages." detailPath={(id) => `/Admin/Wholesalers/${encodeURIComponent(id)}`} newPath="/Admin/Wholesalers/New" newLabel="New wholesaler" />;
}
