import { InvoicesPage } from "../../features/invoices/invoices-pages.tsx";

export const meta = () => [{ title: "Invoices" }];

export default function Invoices() {
  return <InvoicesPage />;
}
