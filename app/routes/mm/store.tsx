import { MmStorePage } from "../../features/mm/store-page.tsx";

export const meta = () => [{ title: "Store" }];

export default function MmStore() {
  return <MmStorePage />;
}
