// Tables and their controls: the scrolling frame, sortable column heads, the pager, and the list state
// kept in the address (page, sort, filters, search).
import { useEffect, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";

/** List state kept in the address (page, sort, filters), so back and reload return to the same view. */
export function useListParams(defaults: Record<string, string>) {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? defaults[k] ?? "";
  const set = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "" || v === defaults[k]) next.delete(k);
      else next.set(k, v);
    }
    if (resetPage && !("page" in changes)) next.delete("page");
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const query: Record<string, string> = {};
  for (const k of new Set([...Object.keys(defaults), ...params.keys()])) if (get(k)) query[k] = get(k);
  return { get, set, query };
}

/** A search box that asks the server after a short pause in typing. */
export function SearchBox({ label, value, onSearch, placeholder }: { label: string; value: string; onSearch: (q: string) => void; placeholder?: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <div className="min-w-56 flex-1">
      <label className="field-label" htmlFor="list-search">
        {label}
      </label>
      <input id="list-search" type="search" className="field-input" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

/** A filter form's submit button, in the last cell of its row of fields, level with their inputs. */
export function FilterButton({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-end">
      <button type="submit" className="btn btn-primary w-full">
        {children}
      </button>
    </div>
  );
}

export function SelectFilter({ id, label, value, options, onChange, name }: { id: string; label: string; value: string; options: [string, string][]; onChange: (v: string) => void; name?: string }) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A column header that sorts on the server; aria-sort tells which one is active. */
export function SortHeader({ label, field, sort, dir, onSort }: { label: string; field: string; sort: string; dir: string; onSort: (field: string, dir: string) => void }) {
  const active = sort === field;
  return (
    <th scope="col" aria-sort={active ? (dir === "desc" ? "descending" : "ascending") : undefined} className="px-3 py-2 text-left">
      <button type="button" className="font-semibold text-ink hover:text-leaf" onClick={() => onSort(field, active && dir === "asc" ? "desc" : "asc")}>
        {label}
        <span aria-hidden="true" className="ml-1 text-sage">
          {active ? (dir === "desc" ? "▼" : "▲") : "↕"}
        </span>
      </button>
    </th>
  );
}

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p role="status">
        {from.toLocaleString("en-US")}–{to.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn btn-secondary !min-h-9 !py-1.5" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="self-center">
          Page {page} of {pages}
        </span>
        <button type="button" className="btn btn-secondary !min-h-9 !py-1.5" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** `narrow`: a table whose cells wrap (sentences) and need no sideways scrolling on a phone. */
export function TableFrame({ caption, children, narrow = false }: { caption: string; children: ReactNode; narrow?: boolean }) {
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. Positioned, so a
    // visually hidden header inside (position: absolute) stays in this box instead of widening the page.
    <div className="relative overflow-x-auto rounded-xl border border-line bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className={`w-full text-sm ${narrow ? "" : "min-w-[640px]"}`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A header cell: its text, or `{ label, right }` for a number column, `{ label, hidden }` for a screen-reader-only header. */
export type Column = string | { label: string; right?: boolean; hidden?: boolean };

/** The header row of a staff table: one `th scope="col"` per column, on the mist band. */
export function TableHead({ columns, bordered = true }: { columns: readonly Column[]; bordered?: boolean }) {
  return (
    <thead className={`${bordered ? "border-b border-line " : ""}bg-mist text-left`}>
      <tr>
        {columns.map((c) => {
          const col = typeof c === "string" ? { label: c } : c;
          return (
            <th key={col.label} scope="col" className={col.right ? "px-3 py-2 text-right" : "px-3 py-2"}>
              {col.hidden ? <span className="sr-only">{col.label}</span> : col.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A row's refusal, in a full-width row of its own right under it (`role="alert"`, so it is read out). */
export function RowProblem({ problem, colSpan }: { problem: string | null | undefined; colSpan: number }) {
  if (!problem) return null;
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 pb-2">
        <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
          {problem}
        </p>
      </td>
    </tr>
  );
}
