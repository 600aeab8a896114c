import type { LoaderFunctionArgs } from "react-router";
import { UsersScreen } from "../../features/staff/users.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Users" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Users() {
  return <UsersScreen scope="customer" title="Users" intro="Customer users: wholesalers, retailers and mass-market buyers." />;
}
