import type { LoaderFunctionArgs } from "react-router";
import { AREA_HANDLES, PendingArea, validateAreaParams } from "../../features/areas/pending-area.tsx";

/**
 * Mass-market screens whose own work has not been built yet. Access to them is already enforced
 * (SPEC §6) by the MM layout and by the API; the page says so plainly.
 */
export const handle = { byRoute: AREA_HANDLES };

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Area() {
  return <PendingArea home="/MM/Dashboard" />;
}
