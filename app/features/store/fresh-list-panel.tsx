// The fresh list on the dashboard (issue 29 §2, docs/fresh-list.md): the buyer chooses whether and when
// (New York time) the daily availability mail comes, and downloads the same list as CSV or PDF for an
// open date.
import { useEffect, useId, useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FreshListPreference, FreshListPreferenceBody } from "../../../contract/fresh-list.ts";
import { api } from "../../lib/api.ts";
import { TextField } from "../../components/ui/field.tsx";
import { FormProblem, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useProfile, type StoreIds } from "./queries.ts";
import { instant, shortDate } from "../../lib/format.ts";

const path = (ids: StoreIds) => `/api/Store/FreshList/Preference/${encodeURIComponent(ids.userId)}/${encodeURIComponent(ids.customerId)}`;

export function FreshListPanel({ ids }: { ids: StoreIds }) {
  const client = useQueryClient();
  const toast = useToast();
  const checkId = useId();
  const dateId = useId();
  const key = ["store", "fresh-list", ids.userId, ids.customerId];
  const pref = useQuery({ queryKey: key, queryFn: () => api.get(path(ids), undefined, FreshListPreference) });
  const profile = useProfile(ids);
  const [enabled, setEnabled] = useState(false);
  const [time, setTime] = useState("07:00");
  const dates = useMemo(() => profile.data?.openDates ?? [], [profile.data]);
  const [date, setDate] = useState("");
  useEffect(() => {
    if (pref.data) {
      setEnabled(pref.data.enabled);
      setTime(pref.data.time);
    }
  }, [pref.data]);
  useEffect(() => {
    if (!date && dates[0]) setDate(dates[0]);
  }, [dates, date]);

  // An unticked box is not in the form's data: the body says false for it, as the schema wants a boolean.
  const { form, refused, busy, errorOf } = useContractBodyForm(
    FreshListPreferenceBody,
    (v) => ({ enabled: v.enabled === "on", time: textOf(v.time) }),
    async (body) => {
      const saved = await api.put(path(ids), body, undefined, FreshListPreference);
      client.setQueryData(key, saved);
      toast(saved.enabled ? `The fresh list comes every day at ${saved.time} (New York).` : "The daily fresh list is off.");
    },
  );

  const download = (kind: "Csv" | "Pdf") => `/api/Store/FreshList/${kind}/${encodeURIComponent(ids.userId)}/${encodeURIComponent(ids.customerId)}/${date}`;
  return (
    <section aria-labelledby="fresh-list-heading" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 id="fresh-list-heading" className="text-xl">
        Fresh list
      </h2>
      <p className="mt-1 text-sm text-sage">What you can order for the next ship date, at your prices, by e-mail every day at your time (or once that day's orders close, when later), with a spreadsheet attached.</p>
      <form id={form.id} onSubmit={form.onSubmit} className="mt-3 space-y-3" noValidate>
        <FormProblem problem={refused} className="text-sm" />
        <div className="flex items-center gap-2">
          <input id={checkId} name="enabled" type="checkbox" className="h-5 w-5 accent-leaf" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} disabled={pref.isPending} />
          <label htmlFor={checkId} className="font-semibold">
            Mail me the fresh list every day
          </label>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <TextField label="Time (New York)" name="time" type="time" step={60} value={time} onChange={(e) => setTime(e.target.value)} error={errorOf("time")} disabled={pref.isPending} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || pref.isPending}>
            Save
          </button>
        </div>
        {pref.data?.nextSendAt && <p className="text-sm text-sage">Next list: {instant(pref.data.nextSendAt)}</p>}
      </form>
      <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-line pt-4">
        <div>
          <label htmlFor={dateId} className="field-label">
            Ship date
          </label>
          <select id={dateId} className="field-input" value={date} onChange={(e) => setDate(e.target.value)} disabled={!dates.length}>
            {dates.map((d) => (
              <option key={d} value={d}>
                {shortDate(d)}
              </option>
            ))}
          </select>
        </div>
        {date ? (
          <>
            <a href={download("Csv")} download className="btn btn-secondary">
              Download CSV
            </a>
            <a href={download("Pdf")} download className="btn btn-secondary">
              Download PDF
            </a>
          </>
        ) : (
          <p className="text-sm text-sage">No open ship date to download.</p>
        )}
      </div>
    </section>
  );
}
