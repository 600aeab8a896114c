import type { LoaderFunctionArgs } from "react-router";
import { AREA_HANDLES, PendingArea, validateAreaParams } from "../../features/areas/pending-area.tsx";

/**
 * Administration and invoice screens whose own work has not been built yet. Access to them is already
 * enforced (SPEC §6) by the store layout and by the API; the page says so plainly.
 */
export const handle = { byRoute: AREA_HANDLES };

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Area() {
  return <PendingArea home="/Dashboard" />;
}
