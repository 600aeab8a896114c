import type { LoaderFunctionArgs } from "react-router";
import { NewCustomerScreen } from "../../features/staff/customers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "New wholesaler" }];
export const handle = { header: "Wholesalers", back: "/Admin/Wholesalers" };
export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function NewWholesaler() {
  return <NewCustomerScreen kind="wholesale" title="New wholesaler" detailPath={(id) => `/Admin/Wholesalers/${encodeURIComponent(id)}`} />;
}
