import type { LoaderFunctionArgs } from "react-router";
import { UploadScreen } from "../../features/supply/supply-pages.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Fresh-list upload" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Page() {
  return <UploadScreen />;
}
