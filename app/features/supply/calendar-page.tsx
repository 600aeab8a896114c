// /Supply/Calendar (issue 25 item 5; docs/domain-supply.md "Calendar"): the days each store is closed
// (one by one, or the year's US holidays in one click), every customer's ship weekdays with their
// cut-offs (real time inputs), and retailers' pickup days. Staff only; the server checks every call.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ClosedDayCreate, ClosedDayList, ClosedDayResult, CustomerShipTimesList, RetailerPickupDaysList, type ClosedDay } from "../../../contract/calendar.ts";
import { CLOSED_STORE_NAMES, CLOSED_STORES, longDate, usHolidays, type ClosedStore } from "../../../domain/closed-days.ts";
import { WEEKDAY_NAMES } from "../../../domain/standing-orders.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { Checkbox, formErrors, FormProblem, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { BackLink, StaffPage } from "../../components/ui/page.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame } from "../../components/ui/table.tsx";
import { TableRows } from "../../components/ui/table-rows.tsx";
import type { z } from "zod";

const todayIso = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const keys = {
  closed: ["supply", "calendar", "closed"] as const,
  shipTimes: ["supply", "calendar", "shipTimes"] as const,
  pickup: ["supply", "calendar", "pickup"] as const,
};

export function CalendarScreen() {
  return (
    <StaffPage
      title="Calendar"
      intro="Closed days are neither offered nor accepted as ship or pickup dates in the store they close. Cut-offs are New York time: ordering for a ship date closes at its weekday's cut-off."
    >
      <BackLink to="/Supply">Supply</BackLink>
      <div className="mt-4 grid gap-10">
        <ClosedDays />
        <ShipTimesGrid />
        <PickupDaysGrid />
      </div>
    </StaffPage>
  );
}

// ---- closed days --------------------------------------------------------------------------------

function useClosedDays() {
  return useQuery({ queryKey: keys.closed, queryFn: () => api.get("/api/Supply/Calendar/ClosedDays", undefined, ClosedDayList) });
}

function StoreChoice({ idPrefix, stores, onChange, error }: { idPrefix: string; stores: ClosedStore[]; onChange: (s: ClosedStore[]) => void; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `${idPrefix}-error` : undefined}>
      <legend className="field-label">Stores</legend>
      <div className="flex flex-wrap gap-x-5">
        {CLOSED_STORES.map((s) => (
          <Checkbox
            key={s}
            id={`${idPrefix}-${s}`}
            label={CLOSED_STORE_NAMES[s]}
            checked={stores.includes(s)}
            onChange={(on) => onChange(on ? [...stores, s] : stores.filter((x) => x !== s))}
          />
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ClosedDays() {
  const query = useClosedDays();
  const client = useQueryClient();
  const toast = useToast();
  const [date, setDate] = useState("");
  const [reason, setReason] = useState("");
  const [stores, setStores] = useState<ClosedStore[]>([...CLOSED_STORES]);
  const refresh = () => client.invalidateQueries({ queryKey: keys.closed });
  // The stores ticked are kept here (the holidays form shares the choice's look): the body takes them as they are.
  const closing = useContractBodyForm(
    ClosedDayCreate,
    (v) => ({ date: textOf(v.date), stores, reason: textOf(v.reason) }),
    async (body) => {
      const res = await api.post("/api/Supply/Calendar/ClosedDays", body, undefined, undefined, ClosedDayResult);
      toast(res.added.length ? `${longDate(body.date)} is closed.` : `${longDate(body.date)} was closed already.`);
      setDate("");
      setReason("");
      await refresh();
    },
  );
  async function reopen(d: ClosedDay) {
    try {
      await api.del(`/api/Supply/Calendar/ClosedDays/${d.store}/${d.date}`);
      toast(`${longDate(d.date)} is open again in the ${CLOSED_STORE_NAMES[d.store].toLowerCase()}.`);
    } catch (err) {
      toast(formErrors(err).message);
    }
    await refresh();
  }
  const fe = closing.errorOf;
  const today = todayIso();
  const days = query.data?.days ?? [];
  const upcoming = days.filter((d) => d.date >= today);

  return (
    <section aria-labelledby="closed-heading">
      <h2 id="closed-heading" className="font-serif text-2xl text-leaf">
        Closed days
      </h2>
      <form id={closing.form.id} onSubmit={closing.form.onSubmit} noValidate className="mt-3 grid gap-4 rounded-2xl border border-line bg-white p-5 sm:grid-cols-[auto_1fr] lg:grid-cols-[auto_1fr_auto_auto] lg:items-end">
        <div>
          <label className="field-label" htmlFor="closed-date">
            Date
          </label>
          <input id="closed-date" name="date" type="date" className="field-input" min={today} value={date} onChange={(e) => setDate(e.target.value)} required aria-invalid={fe("date") ? true : undefined} aria-describedby={fe("date") ? "closed-date-error" : undefined} />
          {fe("date") && (
            <p id="closed-date-error" className="field-error">
              {fe("date")}
            </p>
          )}
        </div>
        <div>
          <label className="field-label" htmlFor="closed-reason">
            Reason buyers see
          </label>
          <input id="closed-reason" name="reason" className="field-input" maxLength={80} placeholder="e.g. Thanksgiving" value={reason} onChange={(e) => setReason(e.target.value)} required aria-invalid={fe("reason") ? true : undefined} aria-describedby={fe("reason") ? "closed-reason-error" : undefined} />
          {fe("reason") && (
            <p id="closed-reason-error" className="field-error">
              {fe("reason")}
            </p>
          )}
        </div>
        <StoreChoice idPrefix="closed-store" stores={stores} onChange={setStores} error={fe("stores")} />
        <button type="submit" className="btn btn-primary" disabled={closing.busy}>
          Close this day
        </button>
        <FormProblem problem={closing.refused} className="sm:col-span-2 lg:col-span-4" />
      </form>

      <Holidays closed={days} onDone={refresh} />

      <div className="mt-4">
        {query.isPending ? (
          <Loading what="closed days" />
        ) : query.isError ? (
          <Failed error={query.error} what="closed days" />
        ) : !upcoming.length ? (
          <Empty>No day ahead is closed: every ship and pickup weekday is offered.</Empty>
        ) : (
          <TableFrame caption="Closed days ahead" narrow>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="px-3 py-2">Date</th>
                <th scope="col" className="px-3 py-2">Store</th>
                <th scope="col" className="px-3 py-2">Reason</th>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Open again</span></th>
              </tr>
            </thead>
            <TableRows
              rows={upcoming}
              rowKey={(d) => `${d.date}|${d.store}`}
              cells={(d) => (
                <>
                  <th scope="row" className="px-3 py-2 text-left font-normal">{longDate(d.date)}</th>
                  <td className="px-3 py-2">{CLOSED_STORE_NAMES[d.store]}</td>
                  <td className="px-3 py-2">{d.reason}</td>
                  <td className="px-3 py-2 text-right">
                    <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={() => void reopen(d)} aria-label={`Open again: ${longDate(d.date)}, ${CLOSED_STORE_NAMES[d.store].toLowerCase()}`}>
                      Open again
                    </button>
                  </td>
                </>
              )}
            />
          </TableFrame>
        )}
      </div>
    </section>
  );
}

function Holidays({ closed, onDone }: { closed: ClosedDay[]; onDone: () => Promise<unknown> }) {
  const toast = useToast();
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [stores, setStores] = useState<ClosedStore[]>([...CLOSED_STORES]);
  const [problem, setProblem] = useState<string | null>(null);
  const holidays = usHolidays(year);
  const closedIn = (date: string) => closed.filter((d) => d.date === date).map((d) => d.store);
  const missing = holidays.some((h) => stores.some((s) => !closedIn(h.date).includes(s)));
  async function closeAll() {
    setProblem(null);
    try {
      const res = await api.post("/api/Supply/Calendar/Holidays", { year, stores }, undefined, undefined, ClosedDayResult);
      toast(`${res.added.length} closed day${res.added.length === 1 ? "" : "s"} added for ${year}.`);
      await onDone();
    } catch (err) {
      setProblem(formErrors(err).message);
    }
  }
  return (
    <div className="mt-4 rounded-2xl border border-line bg-cream/40 p-5">
      <div className="flex flex-wrap items-end gap-4">
        <h3 className="font-serif text-xl text-ink">US holidays the farm closes on</h3>
        <div>
          <label className="field-label" htmlFor="holiday-year">
            Year
          </label>
          <select id="holiday-year" className="field-input" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {[thisYear, thisYear + 1, thisYear + 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {holidays.map((h) => {
          const isClosed = closedIn(h.date);
          return (
            <li key={h.date} className="rounded-xl border border-line bg-white px-4 py-3">
              <span className="block font-semibold">{h.reason}</span>
              <span className="block text-sm text-sage">{longDate(h.date)}</span>
              <span className="mt-1 block">
                {isClosed.length ? <Badge tone="good">Closed: {isClosed.map((s) => CLOSED_STORE_NAMES[s]).join(", ")}</Badge> : <Badge tone="warn">Open</Badge>}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <StoreChoice idPrefix="holiday-store" stores={stores} onChange={setStores} />
        <button type="button" className="btn btn-secondary" disabled={!missing || !stores.length} onClick={() => void closeAll()}>
          Close all three in {year}
        </button>
      </div>
      {problem && (
        <p role="alert" className="mt-2 rounded-lg bg-petal-light px-3 py-2">
          {problem}
        </p>
      )}
    </div>
  );
}

// ---- ship times and cut-offs --------------------------------------------------------------------

type CustomerRow = z.infer<typeof CustomerShipTimesList>["customers"][number];

function ShipTimesGrid() {
  const query = useQuery({ queryKey: keys.shipTimes, queryFn: () => api.get("/api/Supply/Calendar/ShipTimes", undefined, CustomerShipTimesList) });
  return (
    <section aria-labelledby="ship-heading">
      <h2 id="ship-heading" className="font-serif text-2xl text-leaf">
        Ship days and cut-offs
      </h2>
      <p className="mt-1 text-sage">A time on a weekday makes it a ship day; ordering for that day closes at the time shown (New York). Leave it empty for no shipping that day.</p>
      <div className="mt-3">
        {query.isPending ? (
          <Loading what="ship times" />
        ) : query.isError ? (
          <Failed error={query.error} what="ship times" />
        ) : !query.data.customers.length ? (
          <Empty>No customers yet.</Empty>
        ) : (
          <TableFrame caption="Ship days and cut-offs per customer">
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="px-3 py-2">Customer</th>
                {WEEKDAY_NAMES.map((w) => (
                  <th key={w} scope="col" className="px-1 py-2 text-center">
                    <abbr title={w} className="no-underline">{w.slice(0, 3)}</abbr>
                  </th>
                ))}
                <th scope="col" className="px-2 py-2"><span className="sr-only">Save</span></th>
              </tr>
            </thead>
            <tbody>
              {query.data.customers.map((c) => (
                <ShipTimesRow key={c.customerId} customer={c} />
              ))}
            </tbody>
          </TableFrame>
        )}
      </div>
    </section>
  );
}

function ShipTimesRow({ customer }: { customer: CustomerRow }) {
  const client = useQueryClient();
  const initial = WEEKDAY_NAMES.map((_, i) => customer.shipTimes.find((t) => t.weekday === i + 1)?.cutoffShipTime ?? "");
  const [times, setTimes] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty = times.some((t, i) => t !== initial[i]);
  async function save() {
    setBusy(true);
    setProblem(null);
    setSaved(false);
    try {
      const shipTimes = times.flatMap((t, i) => (t ? [{ weekday: i + 1, cutoffShipTime: t.slice(0, 5) }] : []));
      await api.put(`/api/Supply/Calendar/ShipTimes/${encodeURIComponent(customer.customerId)}`, { shipTimes });
      setSaved(true);
      await client.invalidateQueries({ queryKey: keys.shipTimes });
    } catch (err) {
      const e = formErrors(err);
      setProblem([e.message, ...Object.values(e.fields)].filter((v, i, all) => all.indexOf(v) === i).join(" "));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <tr className="border-b border-line align-middle">
        <th scope="row" className="px-3 py-2 text-left font-normal">
          <span className="block">{customer.companyName}</span>
          <span className="block text-xs text-sage">
            {customer.customerId} · {customer.kind === "massMarket" ? "Mass market" : "Wholesale"}
            {!customer.active && " · inactive"}
          </span>
        </th>
        {WEEKDAY_NAMES.map((w, i) => (
          <td key={w} className="px-1 py-1">
            <input
              type="time"
              step={60}
              className="field-input !min-h-9 w-[7.5rem] !px-2 !py-1 tabular"
              aria-label={`${w} cut-off, ${customer.companyName}`}
              value={times[i]}
              onChange={(e) => {
                setSaved(false);
                setTimes(times.map((t, j) => (j === i ? e.target.value : t)));
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  if (dirty) void save();
                }
              }}
            />
          </td>
        ))}
        <td className="px-2 py-1">
          <button type="button" className="btn btn-secondary !min-h-9 !py-1" disabled={!dirty || busy} onClick={() => void save()} aria-label={`Save ship days of ${customer.companyName}`}>
            {saved && !dirty ? "Saved" : "Save"}
          </button>
        </td>
      </tr>
      {problem && (
        <tr>
          <td colSpan={9} className="px-3 pb-2">
            <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
              {customer.companyName}: {problem}
            </p>
          </td>
        </tr>
      )}
    </>
  );
}

// ---- retailers' pickup days ----------------------------------------------------------------------

type RetailerRow = z.infer<typeof RetailerPickupDaysList>["retailers"][number];
const PICKUP_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

function PickupDaysGrid() {
  const query = useQuery({ queryKey: keys.pickup, queryFn: () => api.get("/api/Supply/Calendar/PickupDays", undefined, RetailerPickupDaysList) });
  return (
    <section aria-labelledby="pickup-heading">
      <h2 id="pickup-heading" className="font-serif text-2xl text-leaf">
        Retailers' pickup days
      </h2>
      <p className="mt-1 text-sage">The weekdays a shop collects its flowers; each pickup is served by its wholesaler's last open ship day before it.</p>
      <div className="mt-3">
        {query.isPending ? (
          <Loading what="pickup days" />
        ) : query.isError ? (
          <Failed error={query.error} what="pickup days" />
        ) : !query.data.retailers.length ? (
          <Empty>No retailers yet.</Empty>
        ) : (
          <TableFrame caption="Pickup days per retailer">
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="px-3 py-2">Retailer</th>
                {PICKUP_DAYS.map((d) => (
                  <th key={d} scope="col" className="px-2 py-2 text-center capitalize">
                    {d.slice(0, 3)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2"><span className="sr-only">Save</span></th>
              </tr>
            </thead>
            <tbody>
              {query.data.retailers.map((r) => (
                <PickupRow key={r.retailerId} retailer={r} />
              ))}
            </tbody>
          </TableFrame>
        )}
      </div>
    </section>
  );
}

function PickupRow({ retailer }: { retailer: RetailerRow }) {
  const client = useQueryClient();
  const initial = Object.fromEntries(PICKUP_DAYS.map((d) => [d, retailer[d]])) as Record<(typeof PICKUP_DAYS)[number], boolean>;
  const [days, setDays] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = PICKUP_DAYS.some((d) => days[d] !== initial[d]);
  async function save() {
    setBusy(true);
    setProblem(null);
    try {
      await api.put(`/api/Supply/Calendar/PickupDays/${retailer.retailerId}`, days);
      await client.invalidateQueries({ queryKey: keys.pickup });
    } catch (err) {
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <tr className="border-b border-line align-middle">
        <th scope="row" className="px-3 py-2 text-left font-normal">
          <span className="block">{retailer.name}</span>
          <span className="block text-xs text-sage">
            {retailer.code ?? `#${retailer.retailerId}`}
            {!retailer.active && " · inactive"}
          </span>
        </th>
        {PICKUP_DAYS.map((d) => (
          <td key={d} className="px-2 py-1 text-center">
            <input
              type="checkbox"
              className="h-5 w-5 accent-[var(--color-leaf)]"
              aria-label={`${d[0]!.toUpperCase()}${d.slice(1)} pickup, ${retailer.name}`}
              checked={days[d]}
              onChange={(e) => setDays({ ...days, [d]: e.target.checked })}
            />
          </td>
        ))}
        <td className="px-2 py-1">
          <button type="button" className="btn btn-secondary !min-h-9 !py-1" disabled={!dirty || busy} onClick={() => void save()} aria-label={`Save pickup days of ${retailer.name}`}>
            Save
          </button>
        </td>
      </tr>
      {problem && (
        <tr>
          <td colSpan={7} className="px-3 pb-2">
            <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
              {retailer.name}: {problem}
            </p>
          </td>
        </tr>
      )}
    </>
  );
}
