import type { LoaderFunctionArgs } from "react-router";
import { IntegrationsScreen } from "../../features/integrations/integrations.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Integrations" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Integrations() {
  return <IntegrationsScreen />;
}
