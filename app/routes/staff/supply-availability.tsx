import type { LoaderFunctionArgs } from "react-router";
import { AvailabilityScreen } from "../../features/supply/supply-pages.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Availability" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Page() {
  return <AvailabilityScreen />;
}
