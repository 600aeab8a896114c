import type { LoaderFunctionArgs } from "react-router";
import { AuditScreen } from "../../features/staff/audit.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Audit log" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Audit() {
  return <AuditScreen />;
}
