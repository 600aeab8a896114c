import type { LoaderFunctionArgs } from "react-router";
import { UsersScreen } from "../../features/staff/users.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Staff accounts" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function AdminUsers() {
  return <UsersScreen scope="staff" title="Staff accounts" intro="Administrators manage every staff account; a sales person manages its own." />;
}
