import type { LoaderFunctionArgs } from "react-router";
import { CalendarScreen } from "../../features/supply/calendar-page.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Calendar" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Page() {
  return <CalendarScreen />;
}
