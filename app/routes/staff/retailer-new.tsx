import type { LoaderFunctionArgs } from "react-router";
import { NewRetailerScreen } from "../../features/staff/retailers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "New retailer" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function NewRetailer() {
  return <NewRetailerScreen />;
}
