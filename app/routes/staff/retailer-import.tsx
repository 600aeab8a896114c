import type { LoaderFunctionArgs } from "react-router";
import { ImportScreen } from "../../features/staff/retailers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Import retailers" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function RetailerImport() {
  return <ImportScreen />;
}
