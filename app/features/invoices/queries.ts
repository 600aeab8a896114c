// API paths and hooks of the invoice screens (/Invoices, /Invoices/details).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditNote, InvoiceDetail, InvoicePage, type CreditNoteBody } from "../../../contract/invoices.ts";
import { api, withQuery } from "../../lib/api.ts";

export interface InvoiceFilters {
  customerId?: string;
  from?: string;
  to?: string;
  status?: "all" | "paid" | "unpaid";
  number?: string;
  page?: number;
}

const e = encodeURIComponent;

export const invoicePaths = {
  list: "/api/Invoices",
  csv: (f: InvoiceFilters) => withQuery("/api/Invoices/Csv", { customerId: f.customerId, from: f.from, to: f.to, status: f.status, number: f.number }),
  one: (n: number) => `/api/Invoices/${n}`,
  pdf: (n: number) => `/api/Invoices/${n}/Pdf`,
  statementPdf: (customerId: string) => `/api/Invoices/Statement/${e(customerId)}/Pdf`,
  paid: (n: number) => `/api/Invoices/${n}/Paid`,
  creditNotes: (n: number) => `/api/Invoices/${n}/CreditNotes`,
};

export function useInvoices(f: InvoiceFilters) {
  return useQuery({
    queryKey: ["invoices", f],
    queryFn: () => api.get(invoicePaths.list, { ...f }, InvoicePage),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(n: number | null) {
  return useQuery({ queryKey: ["invoice", n], queryFn: () => api.get(invoicePaths.one(n!), undefined, InvoiceDetail), enabled: n !== null });
}

export function useMarkPaid(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (paid: boolean) => api.post(invoicePaths.paid(n), { paid }, undefined, undefined, InvoiceDetail),
    onSuccess: (detail) => {
      qc.setQueryData(["invoice", n], detail);
      void qc.invalidateQueries({ queryKey: ["invoices"] });
    },
  });
}

export function useCreditNote(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditNoteBody) => api.post(invoicePaths.creditNotes(n), body, undefined, undefined, CreditNote),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["invoice", n] });
      void qc.invalidateQueries({ queryKey: ["invoices"] });
    },
  });
}
