import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { InvoiceDetailPage } from "../../features/invoices/invoices-pages.tsx";

export const handle: PageHandle = { header: "Invoices List", back: "/Invoices" };

export const meta = () => [{ title: "Invoice" }];

export default function InvoiceDetails() {
  return <InvoiceDetailPage />;
}
