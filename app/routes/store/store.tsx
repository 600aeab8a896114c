import { StorePage } from "../../features/store/store-page.tsx";

export const meta = () => [{ title: "Store" }];

export default function Store() {
  return <StorePage />;
}
