import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { MmCheckoutPage } from "../../features/mm/checkout-page.tsx";

export const handle: PageHandle = { header: "Continue Shopping", back: "/MM/store" };
export const meta = () => [{ title: "Checkout" }];

export default function MmCheckout() {
  return <MmCheckoutPage />;
}
