import type { LoaderFunctionArgs } from "react-router";
import { PageViewsScreen } from "../../features/staff/page-views.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Page views" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function PageViews() {
  return <PageViewsScreen />;
}
