import type { LoaderFunctionArgs } from "react-router";
import { PromotionsScreen } from "../../features/supply/promotions-page.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Prices and promotions" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Page() {
  return <PromotionsScreen />;
}
