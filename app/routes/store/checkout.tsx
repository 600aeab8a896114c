import { CheckoutPage } from "../../features/store/checkout-page.tsx";

export const meta = () => [{ title: "Checkout" }];

export default function Checkout() {
  return <CheckoutPage />;
}
