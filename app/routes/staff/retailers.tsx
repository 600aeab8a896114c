import type { LoaderFunctionArgs } from "react-router";
import { RetailersScreen } from "../../features/staff/retailers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Retailers" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Retailers() {
  return <RetailersScreen />;
}
