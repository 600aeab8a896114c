import type { LoaderFunctionArgs } from "react-router";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";
import { WebhooksSection } from "../../features/integrations/webhooks-section.tsx";
import { StaffPage } from "../../features/staff/ui.tsx";

export const meta = () => [{ title: "Integrations" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Integrations() {
  return (
    <StaffPage title="Integrations">
      <WebhooksSection />
    </StaffPage>
  );
}
