import type { LoaderFunctionArgs } from "react-router";
import { data, useParams } from "react-router";
import { ProductScreen } from "../../features/supply/supply-pages.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Product" }];

export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/.test(params.productId ?? "")) throw data(`Invalid productId: ${params.productId}`, { status: 404 });
  return null;
}

export default function Page() {
  const { productId = "" } = useParams();
  return <ProductScreen productId={productId} />;
}
