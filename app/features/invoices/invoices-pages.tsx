// /Invoices (filters, server paging, CSV and statement downloads) and /Invoices/details (one invoice,
// its lines, order and credit notes; staff mark it paid or credit lines).
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { InvoiceDetail, InvoiceSummary } from "../../../contract/invoices.ts";
import { hasAnyRole } from "../../../domain/access.ts";
import { TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { useSessionUser } from "../../lib/session.ts";
import { money, shortDate } from "../../lib/format.ts";
import { card, responsiveTable as rt, smallButton } from "../../components/ui/classes.ts";
import { invoicePaths, useCreditNote, useInvoice, useInvoices, useMarkPaid, type InvoiceFilters } from "./queries.ts";
import { Fact } from "../../components/ui/fact.tsx";
import { ErrorNote, Loading } from "../../components/ui/status.tsx";
import { FilterButton } from "../../components/ui/table.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";

function Page({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">{children}</section>;
}

const useIsStaff = () => hasAnyRole(useSessionUser()?.roles ?? [], ["Administrator", "SalesPerson"]);

export function InvoiceStatusBadge({ i }: { i: Pick<InvoiceSummary, "paid" | "overdue"> }) {
  const [label, tone] = i.paid ? ["Paid", "bg-leaf-light text-leaf-dark"] : i.overdue ? ["Overdue", "bg-[#fdecea] text-[#8a1c12]"] : ["Unpaid", "bg-cream text-amber-text"];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{label}</span>;
}

function filtersFrom(params: URLSearchParams): InvoiceFilters {
  const status = params.get("status");
  const page = Number(params.get("page") ?? "1");
  return {
    customerId: params.get("customerId") || undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    status: status === "paid" || status === "unpaid" ? status : "all",
    number: params.get("number") || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function InvoicesPage() {
  const user = useSessionUser();
  const staff = useIsStaff();
  const [params, setParams] = useSearchParams();
  const f = filtersFrom(params);
  const list = useInvoices(f);
  const customers = user?.customers ?? [];
  const statementFor = f.customerId ?? (!staff && customers.length === 1 ? customers[0]!.customerID : undefined);

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of ["customerId", "from", "to", "status", "number"]) {
      const v = String(data.get(k) ?? "").trim();
      if (v && !(k === "status" && v === "all")) next.set(k, v);
    }
    setParams(next);
  }
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    setParams(next);
  };
  const error = list.error instanceof ApiError ? list.error : null;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <Page>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl">Invoices</h1>
        <div className="flex flex-wrap gap-2">
          <a className="btn btn-secondary" href={invoicePaths.csv(f)} download>
            Download CSV
          </a>
          {statementFor && (
            <a className="btn btn-secondary" href={invoicePaths.statementPdf(statementFor)} download>
              Statement for {statementFor} (PDF)
            </a>
          )}
        </div>
      </div>
      <form onSubmit={apply} className={`${card} mb-5 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6`} aria-label="Filter invoices" key={params.toString()}>
        {staff ? (
          <TextField label="Customer code" name="customerId" defaultValue={f.customerId ?? ""} maxLength={40} autoComplete="off" />
        ) : (
          <div>
            <label htmlFor="inv-customer" className="field-label">
              Customer
            </label>
            <select id="inv-customer" name="customerId" className="field-input" defaultValue={f.customerId ?? ""}>
              <option value="">All my customers</option>
              {customers.map((c) => (
                <option key={c.customerID} value={c.customerID}>
                  {c.companyName}
                </option>
              ))}
            </select>
          </div>
        )}
        <TextField label="From" name="from" type="date" defaultValue={f.from ?? ""} />
        <TextField label="To" name="to" type="date" defaultValue={f.to ?? ""} />
        <SelectField id="inv-status" label="Status" name="status" defaultValue={f.status}>
          <option value="all">All</option>
          <option value="unpaid">Unpaid</option>
          <option value="paid">Paid</option>
        </SelectField>
        <TextField label="Invoice number" name="number" inputMode="numeric" pattern="[0-9]*" defaultValue={f.number ?? ""} maxLength={9} />
        <FilterButton>Show invoices</FilterButton>
      </form>
      {error && (
        <ErrorNote className="mb-4">
          {error.message}
        </ErrorNote>
      )}
      {list.isPending ? (
        <Loading what="invoices" />
      ) : list.data && list.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-serif text-2xl">No invoices match</p>
          <p className="mt-2 text-sage">Invoices are issued when an order ships.</p>
        </div>
      ) : list.data ? (
        <>
          <p className="mb-2 text-sm text-sage" role="status">
            {list.data.total.toLocaleString("en-US")} invoices · page {list.data.page} of {pages}
          </p>
          <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
            <table className={rt.table}>
              <caption className="sr-only">Invoices, newest first</caption>
              <thead className={rt.thead}>
                <tr className="border-b-2 border-line">
                  {["Invoice", "Date", "Customer", "Order", "Due", "Total", "Balance", "Status"].map((h) => (
                    <th key={h} scope="col" className={`${rt.th} ${["Total", "Balance"].includes(h) ? "text-right" : ""}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={rt.tbody}>
                {list.data.items.map((i) => (
                  <tr key={i.invoiceNumber} className={rt.tr}>
                    <td className={rt.td} data-label="Invoice">
                      <Link className="font-semibold underline tabular" to={`/Invoices/details?number=${i.invoiceNumber}`}>
                        {i.invoiceNumber}
                      </Link>
                    </td>
                    <td className={rt.td} data-label="Date">
                      {shortDate(i.invoiceDate)}
                    </td>
                    <td className={rt.td} data-label="Customer">
                      {i.companyName} <span className="text-sage">({i.customerId})</span>
                    </td>
                    <td className={`${rt.td} tabular`} data-label="Order">
                      {i.orderNumber}
                    </td>
                    <td className={rt.td} data-label="Due">
                      {shortDate(i.dueDate)}
                    </td>
                    <td className={`${rt.td} text-right tabular`} data-label="Total">
                      {money(i.total)}
                    </td>
                    <td className={`${rt.td} text-right tabular`} data-label="Balance">
                      {money(i.balance)}
                    </td>
                    <td className={rt.td} data-label="Status">
                      <InvoiceStatusBadge i={i} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Invoice pages" className="mt-4 flex items-center justify-between gap-3">
            <button type="button" className={smallButton} disabled={list.data.page <= 1} onClick={() => goTo(list.data.page - 1)}>
              Previous page
            </button>
            <span className="text-sm text-sage tabular">
              Page {list.data.page} of {pages}
            </span>
            <button type="button" className={smallButton} disabled={list.data.page >= pages} onClick={() => goTo(list.data.page + 1)}>
              Next page
            </button>
          </nav>
        </>
      ) : null}
    </Page>
  );
}

function CreditForm({ invoice }: { invoice: InvoiceDetail }) {
  const credit = useCreditNote(invoice.invoiceNumber);
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  // A voucher line (a negative amount) is not credited itself: its saving is taken off each line's credit.
  const open = invoice.lines.filter((l) => l.quantity > l.creditedQuantity && l.lineTotal > 0);
  const voucher = invoice.lines.some((l) => l.lineTotal < 0);
  if (invoice.paid || !open.length) return null;
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const lines = open
      .map((l) => ({ invoiceLineId: l.lineId, quantity: Number(data.get(`q-${l.lineId}`) || 0) }))
      .filter((l) => l.quantity > 0);
    setError(null);
    try {
      const note = await credit.mutateAsync({ reason: String(data.get("reason") ?? ""), lines });
      toast(`Credit note ${note.creditNoteNumber} issued.`, { type: "success" });
      form.reset();
    } catch (err) {
      setError(errorMessage(err, "The credit note could not be issued."));
    }
  }
  return (
    <form onSubmit={submit} className={`${card} mt-6 p-4`} aria-labelledby="credit-title">
      <h2 id="credit-title" className="text-xl">
        Credit lines
      </h2>
      <p className="mb-3 text-sm text-sage">
        Damaged stems or a short delivery: credit the units here. The invoice itself never changes.
        {voucher ? " Lines are credited at what was paid for them: the voucher's saving is taken off in proportion." : ""}
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {open.map((l) => (
          <TextField
            key={l.lineId}
            label={`${l.description} (up to ${l.quantity - l.creditedQuantity})`}
            name={`q-${l.lineId}`}
            type="number"
            min={0}
            max={l.quantity - l.creditedQuantity}
            defaultValue=""
          />
        ))}
      </div>
      <div className="mt-3 max-w-md">
        <TextField label="Reason" name="reason" required maxLength={200} />
      </div>
      {error && (
        <p role="alert" className="field-error mt-2">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-secondary mt-3" disabled={credit.isPending}>
        Issue credit note
      </button>
    </form>
  );
}

export function InvoiceDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get("number") ?? "";
  const number = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const staff = useIsStaff();
  const invoice = useInvoice(number);
  const paid = useMarkPaid(number ?? 0);
  if (number === null)
    return (
      <Page>
        <p role="alert">Choose an invoice from the list.</p>
        <Link to="/Invoices" className="btn btn-secondary mt-4">
          Invoices
        </Link>
      </Page>
    );
  if (invoice.isPending)
    return (
      <Page>
        <Loading what={`invoice ${number}`} />
      </Page>
    );
  if (invoice.isError)
    return (
      <Page>
        <div className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center" role="alert">
          <p className="font-serif text-2xl">We could not show invoice {number}</p>
          <p className="mt-2 text-sage">{errorMessage(invoice.error, "Please try again in a moment.")}</p>
        </div>
      </Page>
    );
  const i = invoice.data;
  const orderLink = staff ? `/Administration/Orders/${i.orderNumber}` : `/Orders/${i.orderNumber}`;
  return (
    <Page>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl">Invoice {i.invoiceNumber}</h1>
        <InvoiceStatusBadge i={i} />
        <div className="ml-auto flex flex-wrap gap-2">
          <a className="btn btn-primary" href={invoicePaths.pdf(i.invoiceNumber)} download>
            Download PDF
          </a>
          {staff && (
            <button type="button" className="btn btn-secondary" disabled={paid.isPending} onClick={() => paid.mutate(!i.paid)}>
              {i.paid ? "Mark unpaid" : "Mark paid"}
            </button>
          )}
        </div>
      </div>
      <dl className={`${card} mb-5 grid grid-cols-2 gap-4 p-4 sm:grid-cols-3 lg:grid-cols-6`}>
        <Fact label="Customer">
          {i.companyName} <span className="text-sage">({i.customerId})</span>
        </Fact>
        <Fact label="Order">
          <Link className="underline tabular" to={orderLink}>
            {i.orderNumber}
          </Link>
        </Fact>
        <Fact label="Invoice date">{shortDate(i.invoiceDate)}</Fact>
        <Fact label="Terms">{i.terms}</Fact>
        <Fact label="Due">{shortDate(i.dueDate)}</Fact>
        <Fact label="Balance">
          <span className="text-lg font-semibold tabular">{money(i.balance)}</span>
        </Fact>
      </dl>
      <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
        <table className={rt.table}>
          <caption className="sr-only">Lines of invoice {i.invoiceNumber}</caption>
          <thead className={rt.thead}>
            <tr className="border-b-2 border-line">
              {["Product", "Description", "Pails", "Bunches", "Unit price", "Amount", "Credited"].map((h) => (
                <th key={h} scope="col" className={`${rt.th} ${["Product", "Description"].includes(h) ? "" : "text-right"}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={rt.tbody}>
            {i.lines.map((l) => (
              <tr key={l.lineId} className={rt.tr}>
                <td className={rt.td} data-label="Product">
                  {l.productId}
                </td>
                <td className={rt.td} data-label="Description">
                  {l.description}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Pails">
                  {l.pails || ""}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Bunches">
                  {l.quantity}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Unit price">
                  {money(l.unitPrice)}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Amount">
                  {money(l.lineTotal)}
                </td>
                <td className={`${rt.td} text-right tabular`} data-label="Credited">
                  {l.creditedQuantity || ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 text-right">
        <dt className="text-sage">Subtotal</dt>
        <dd className="tabular">{money(i.subtotal)}</dd>
        <dt className="text-sage">Tax {(i.taxRateBp / 100).toFixed(2)} %</dt>
        <dd className="tabular">{money(i.tax)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="font-semibold tabular">{money(i.total)}</dd>
        {i.credited > 0 && (
          <>
            <dt className="text-sage">Credited</dt>
            <dd className="tabular">-{money(i.credited)}</dd>
          </>
        )}
        <dt className="font-semibold">Balance</dt>
        <dd className="font-semibold tabular">{money(i.balance)}</dd>
      </dl>
      {i.creditNotes.length > 0 && (
        <section className="mt-6" aria-labelledby="notes-title">
          <h2 id="notes-title" className="text-xl">
            Credit notes
          </h2>
          <ul className="mt-2 space-y-2">
            {i.creditNotes.map((n) => (
              <li key={n.creditNoteNumber} className={`${card} p-3`}>
                <strong className="tabular">Credit note {n.creditNoteNumber}</strong> · {shortDate(n.creditDate)} · {n.reason} ·{" "}
                <span className="tabular">{money(n.total)}</span> ·{" "}
                <a className="underline" href={`/api/Invoices/${i.invoiceNumber}/CreditNotes/${n.creditNoteNumber}/Pdf`} download>
                  PDF<span className="sr-only"> of credit note {n.creditNoteNumber}</span>
                </a>
                <span className="block text-sm text-sage">{n.lines.map((l) => `${l.quantity} × ${l.description}`).join(", ")}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {staff && <CreditForm invoice={i} />}
    </Page>
  );
}
