import { startTransition, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Product } from "../../../contract/store.ts";
import { activeFilterCount, EMPTY_FILTERS, facetsOf, reconcileSearchText, SORT_LABELS, SORTS, toggleValue, type Facet, type FilterState, type Sort } from "./filters.ts";

function FacetGroup({
  legend,
  facets,
  selected,
  onToggle,
  swatches = false,
}: {
  legend: string;
  facets: Facet[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  swatches?: boolean;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">
        {legend}
        <span className="ml-1 font-normal text-sage">{selected.length === 0 ? "(all)" : `(${selected.length} chosen)`}</span>
      </legend>
      <ul className="max-h-64 space-y-0.5 overflow-y-auto pr-1">
        {facets.map((f) => {
          const checked = selected.includes(f.value);
          return (
            <li key={f.value}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md px-1.5 py-1 text-sm hover:bg-mist">
                <input type="checkbox" className="h-4 w-4 accent-leaf" checked={checked} onChange={() => onToggle(f.value)} />
                {swatches && <span aria-hidden="true" className="h-3.5 w-3.5 shrink-0 rounded-full border border-ink/25" style={{ background: f.hex || "#ccc" }} />}
                <span className="flex-1 truncate">{f.value}</span>
                <span className="text-xs text-sage tabular">{f.count}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function Toggle({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-md px-1.5 py-1 text-sm hover:bg-mist">
      <input type="checkbox" className="mt-1 h-4 w-4 accent-leaf" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className="block text-xs text-sage">{hint}</span>}
      </span>
    </label>
  );
}

/** Search box on its own, so it can sit above the catalogue on every screen size. */
export function SearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const id = useId();
  // The box keeps its own text and hands it on in a transition: each key paints at once, while the
  // page's re-render (filtering thousands of flowers) runs at low priority and yields to the next key.
  const [text, setText] = useState(value);
  // Texts handed on and not yet seen back. Transitions may come back late or skip some: a value we
  // sent is never mistaken for a change made elsewhere (e.g. filters read from the address).
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const next = reconcileSearchText(pending.current, value);
    pending.current = next.pending;
    if (next.replaceWith !== null) setText(next.replaceWith);
  }, [value]);
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search flowers
      </label>
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sage">
        ⌕
      </span>
      <input
        id={id}
        type="search"
        className="h-10 w-full rounded-full border-[1.5px] border-[#8a958e] bg-white pr-4 pl-9 text-ink sm:h-11"
        placeholder="Search flowers, e.g. white lily"
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          pending.current.push(next);
          startTransition(() => onChange(next));
        }}
        autoComplete="off"
      />
    </div>
  );
}

/** The list's order (SORT_LABELS), kept in the address as ?sort=. */
export function SortSelect({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  const id = useId();
  return (
    <div className="inline-flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-sage max-sm:sr-only">
        Sort by
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Sort)} className="h-9 rounded-full border-[1.5px] border-[#8a958e] bg-white px-3 text-sm text-ink">
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Category and colour multi-selects and the three switches (SPEC §2 filters). */
export function FiltersPanel({
  products,
  filters,
  onChange,
  comboAvailable,
}: {
  products: Product[];
  filters: FilterState;
  onChange: (next: FilterState) => void;
  comboAvailable: boolean;
}) {
  const listed = useMemo(() => products.filter((p) => p.showStore || !!p.nextAvailableDate), [products]);
  // Counted again only when the chosen categories or colours change, not on every key typed in the search.
  const { categories, colours } = filters;
  const facets = useMemo(() => facetsOf(listed, { categories, colours }), [listed, categories, colours]);
  const active = activeFilterCount({ ...filters, text: "" });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 className="text-lg">Filters</h2>
        <button
          type="button"
          className="rounded px-1 text-sm text-leaf underline disabled:text-sage disabled:no-underline"
          disabled={active === 0}
          onClick={() => onChange({ ...EMPTY_FILTERS, text: filters.text, sort: filters.sort })}
        >
          Clear filters
        </button>
      </div>
      <div className="flex flex-col gap-0.5">
        <Toggle label="Only available" hint="Stock held for you now" checked={filters.onlyAvailable} onChange={(v) => onChange({ ...filters, onlyAvailable: v })} />
        <Toggle label="Only discounted" hint="On special or below the usual price today" checked={filters.onlyDiscounted} onChange={(v) => onChange({ ...filters, onlyDiscounted: v })} />
        <Toggle label="Favourites only" hint="Flowers you starred" checked={filters.onlyFavourites} onChange={(v) => onChange({ ...filters, onlyFavourites: v })} />
        {comboAvailable && <Toggle label="Combo special" hint="Flowers cheaper together" checked={filters.comboSpecial} onChange={(v) => onChange({ ...filters, comboSpecial: v })} />}
      </div>
      <FacetGroup legend="Category" facets={facets.categories} selected={filters.categories} onToggle={(v) => onChange({ ...filters, categories: toggleValue(filters.categories, v) })} />
      <FacetGroup legend="Colour" facets={facets.colours} selected={filters.colours} swatches onToggle={(v) => onChange({ ...filters, colours: toggleValue(filters.colours, v) })} />
    </div>
  );
}
