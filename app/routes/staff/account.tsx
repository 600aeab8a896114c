import type { LoaderFunctionArgs } from "react-router";
import { AccountScreen } from "../../features/staff/account.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Your account" }];
export const handle = { header: "Administration", back: true };
export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Account() {
  return <AccountScreen />;
}
