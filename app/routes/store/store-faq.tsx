import { StoreFaq } from "../../features/store/store-faq.tsx";

export const meta = () => [{ title: "Store help" }];

export default function Page() {
  return <StoreFaq />;
}
