import type { LoaderFunctionArgs } from "react-router";
import { ProductsScreen } from "../../features/supply/supply-pages.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Products" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Page() {
  return <ProductsScreen />;
}
