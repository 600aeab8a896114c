import type { LoaderFunctionArgs } from "react-router";
import { UsersScreen } from "../../features/staff/users.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Mass-market users" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function MmUsers() {
  return <UsersScreen scope="mm" title="Users" intro="Mass-market store users." detailPath={(id) => `/MM/Users/${encodeURIComponent(id)}`} />;
}
