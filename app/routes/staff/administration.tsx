import type { LoaderFunctionArgs } from "react-router";
import { AdministrationHub } from "../../features/staff/hub.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Administration" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Administration() {
  return <AdministrationHub />;
}
