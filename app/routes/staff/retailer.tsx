import type { LoaderFunctionArgs } from "react-router";
import { useParams } from "react-router";
import { RetailerScreen } from "../../features/staff/retailers.tsx";
import { validateAreaParams } from "../../features/areas/pending-area.tsx";

export const meta = () => [{ title: "Retailer" }];
export const handle = { header: "Retailers List", back: "/Administration/Retailers" };
export function loader({ params }: LoaderFunctionArgs) {
  validateAreaParams(params);
  return null;
}

export default function Retailer() {
  const { retailerId = "" } = useParams();
  return <RetailerScreen key={retailerId} retailerId={Number(retailerId)} />;
}
