// /OrderDesk/PickList (staff): what the greenhouse cuts and packs for a ship date, over both stores'
// orders: stems, bunches, pails and boxes per product, the orders with their packing slips, and the
// list as PDF or CSV (docs/documents.md).
import type { FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { PickList } from "../../../contract/pick-list.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { TextField } from "../../components/ui/field.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { longDate } from "../../lib/format.ts";
import { OrderStatusBadge } from "../store/order-parts.tsx";
import { card, responsiveTable as rt, smallButton } from "../../components/ui/classes.ts";
import { Spacer, useWindowedRows } from "../../components/ui/windowed-rows.tsx";
import { ErrorNote, Loading } from "../../components/ui/status.tsx";

const PICK_LIST = "/api/OrderDesk/PickList";

function usePickList(shipDate: string) {
  return useQuery({ queryKey: ["pick-list", shipDate], queryFn: () => api.get(PICK_LIST, { shipDate }, PickList) });
}

const figure = (n: number | null) => (n === null ? "–" : n ? n.toLocaleString("en-US") : "");
const COLUMNS = ["Stems", "Bunches", "Pending", "Pails", "Boxes"] as const;
const KEYS = { Stems: "stems", Bunches: "bunches", Pending: "pending", Pails: "pails", Boxes: "boxes" } as const;

/** A list longer than this is windowed. */
const WINDOW_FROM = 150;

/** Stems, bunches, pails and boxes per product, and their totals. */
function PickRows({ list, shipDate }: { list: PickList; shipDate: string }) {
  const rows = useWindowedRows(list.rows.length, { rowHeight: 45, from: WINDOW_FROM });
  return (
    <div className="mb-2 md:rounded-xl md:border md:border-line md:bg-white md:p-2">
      <table className={rt.table}>
        <caption className="sr-only">Stems, bunches, pails and boxes per product for {longDate(shipDate)}</caption>
        <thead className={rt.thead}>
          <tr className="border-b-2 border-line">
            <th scope="col" className={rt.th}>
              Product
            </th>
            <th scope="col" className={`${rt.th} text-right`}>
              Orders
            </th>
            {COLUMNS.map((h) => (
              <th key={h} scope="col" className={`${rt.th} text-right`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={rt.tbody} ref={rows.body}>
          <Spacer height={rows.padTop} columns={COLUMNS.length + 2} />
          {rows.indexes.map((i) => {
            const r = list.rows[i]!;
            return (
              <tr key={r.productId} className={rt.tr} data-index={i} ref={rows.measure}>
                <th scope="row" className={`${rt.td} text-left font-normal`} data-label="Product">
                  <span>
                    <span className="font-semibold">{r.description}</span> <span className="text-xs text-sage">{r.productId}</span>
                  </span>
                </th>
                <td className={`${rt.td} text-right tabular`} data-label="Orders">
                  {r.orders}
                </td>
                {COLUMNS.map((h) => (
                  <td key={h} className={`${rt.td} text-right tabular`} data-label={h}>
                    {figure(r[KEYS[h]])}
                  </td>
                ))}
              </tr>
            );
          })}
          <Spacer height={rows.padBottom} columns={COLUMNS.length + 2} />
        </tbody>
        <tfoot className="max-md:block">
          <tr className={`${rt.tr} font-semibold`}>
            <th scope="row" className={`${rt.td} text-left`} data-label="">
              Total
            </th>
            <td className={`${rt.td} text-right tabular`} data-label="Orders">
              {list.orders.length}
            </td>
            {COLUMNS.map((h) => (
              <td key={h} className={`${rt.td} text-right tabular`} data-label={h}>
                {figure(list.totals[KEYS[h]])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The day's orders with their packing slips. */
function PickOrders({ orders, shipDate }: { orders: PickList["orders"]; shipDate: string }) {
  const rows = useWindowedRows(orders.length, { rowHeight: 45, from: WINDOW_FROM });
  return (
    <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
      <table className={rt.table}>
        <caption className="sr-only">The orders shipping on {longDate(shipDate)}</caption>
        <thead className={rt.thead}>
          <tr className="border-b-2 border-line">
            {["Order", "Store", "Customer", "Status", "Packing slip"].map((h) => (
              <th key={h} scope="col" className={rt.th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={rt.tbody} ref={rows.body}>
          <Spacer height={rows.padTop} columns={5} />
          {rows.indexes.map((i) => {
            const o = orders[i]!;
            const slip = `/api/OrderDesk/Orders/${o.orderNumber}/PackingSlip`;
            return (
              <tr key={o.orderNumber} className={rt.tr} data-index={i} ref={rows.measure}>
                <td className={rt.td} data-label="Order">
                  <Link className="font-semibold underline tabular" to={`/Administration/Orders/${o.orderNumber}`}>
                    {o.orderNumber}
                  </Link>
                </td>
                <td className={rt.td} data-label="Store">
                  {o.store === "mm" ? "Mass market" : "Wholesale"}
                </td>
                <td className={rt.td} data-label="Customer">
                  {o.companyName} <span className="text-xs text-sage">{o.customerId}</span>
                </td>
                <td className={rt.td} data-label="Status">
                  <OrderStatusBadge status={o.status} /> {o.packed && o.status === "confirmed" && <span className="text-xs text-sage">packed</span>}
                </td>
                <td className={rt.td} data-label="Packing slip">
                  <span className="flex gap-3">
                    <a className="underline" href={slip} download>
                      PDF<span className="sr-only"> packing slip of order {o.orderNumber}</span>
                    </a>
                    <a className="underline" href={`${slip}?format=csv`} download>
                      CSV<span className="sr-only"> packing slip of order {o.orderNumber}</span>
                    </a>
                  </span>
                </td>
              </tr>
            );
          })}
          <Spacer height={rows.padBottom} columns={5} />
        </tbody>
      </table>
    </div>
  );
}

export function PickListPage() {
  const [params, setParams] = useSearchParams();
  const shipDate = params.get("shipDate") || addDays(isoDateAt(), 1);
  const list = usePickList(shipDate);
  const download = (format: "pdf" | "csv") => `${PICK_LIST}?${new URLSearchParams({ shipDate, format })}`;

  function choose(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = String(new FormData(e.currentTarget).get("shipDate") ?? "").trim();
    if (v) setParams({ shipDate: v });
  }

  return (
    <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">
      <h1 className="mb-1 text-3xl">Pick list</h1>
      <p className="mb-4 text-sage">What to cut and pack for a ship date, over wholesale and mass-market orders.</p>
      <form onSubmit={choose} className={`${card} mb-5 flex flex-wrap items-end gap-3 p-4`} aria-label="Choose a ship date" key={shipDate}>
        <div className="min-w-[12rem] flex-1 sm:flex-none">
          <TextField label="Ship date" name="shipDate" type="date" required defaultValue={shipDate} />
        </div>
        <button type="submit" className="btn btn-primary">
          Show pick list
        </button>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <a className={smallButton} href={download("pdf")} download>
            Download PDF<span className="sr-only"> of the pick list for {longDate(shipDate)}</span>
          </a>
          <a className={smallButton} href={download("csv")} download>
            Download CSV<span className="sr-only"> of the pick list for {longDate(shipDate)}</span>
          </a>
        </div>
      </form>

      {list.isError ? (
        <ErrorNote className="mb-4">{errorMessage(list.error, "The pick list could not be loaded.")}</ErrorNote>
      ) : list.isPending ? (
        <Loading what="the pick list" />
      ) : list.data.rows.length === 0 ? (
        <p className={`${card} p-6 text-center text-sage`} role="status">
          No orders ship on {longDate(shipDate)}.
        </p>
      ) : (
        <>
          <h2 className="mb-2 text-xl">To cut and pack for {longDate(shipDate)}</h2>
          <p className="sr-only" role="status">
            {list.data.rows.length} products over {list.data.orders.length} orders
          </p>
          <PickRows list={list.data} shipDate={shipDate} />
          <p className="mb-6 text-sm text-sage">
            Bunches are confirmed bunches (mass market: units); pending bunches are not confirmed yet. Stems only where the product&apos;s stems a bunch are known (–).
          </p>

          <h2 className="mb-2 text-xl">Orders and packing slips</h2>
          <PickOrders orders={list.data.orders} shipDate={shipDate} />
        </>
      )}
    </section>
  );
}
