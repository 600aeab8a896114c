import type { LoaderFunctionArgs } from "react-router";
import { BouquetsScreen } from "../../features/supply/mm-pages.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Bouquets" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Page() {
  return <BouquetsScreen />;
}
