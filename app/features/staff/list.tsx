// The one shape of the staff lists (customers, retailers, users, the audit log): filters kept in the
// address, a table asked of the server a page at a time, and the same loading, failure, empty and
// paging states with the same texts everywhere.
import type { ReactNode } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { Pager, SearchBox, SelectFilter, SortHeader, TableFrame, useListParams } from "../../components/ui/table.tsx";

/** A page of a list as the administration API answers it. */
export interface ListPage<Row> {
  items: Row[];
  page: number;
  pageSize: number;
  total: number;
}

/** What StaffList needs of the query behind it (a react-query result fits). */
export interface ListQuery<Row> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ListPage<Row> | undefined;
}

export type ListParams = ReturnType<typeof useListParams>;

/**
 * The list's state in the address (`defaults` name every parameter) and its page from the server:
 * `fetch` is called with the parameters that differ from nothing; the last page stays on screen while
 * the next one loads.
 */
export function usePagedList<Row>(key: unknown[], defaults: Record<string, string>, fetch: (query: Record<string, string>) => Promise<ListPage<Row>>) {
  const list = useListParams(defaults);
  const query = useQuery({ queryKey: [...key, list.query], queryFn: () => fetch(list.query), placeholderData: keepPreviousData });
  return { list, query };
}

/** A column head: sorted on the server when it names a `sort` field; `label` only for screen readers when `hidden`. */
export interface ListColumn {
  label: string;
  sort?: string;
  align?: "left" | "right";
  hidden?: boolean;
}

const STATUS_OPTIONS: [string, string][] = [
  ["", "Active and inactive"],
  ["true", "Active"],
  ["false", "Inactive"],
];

/** The filter bar of a staff list: the search box, the screen's own filters, then active/inactive. */
export function ListFilters({ list, search, children }: { list: ListParams; search: string; children?: ReactNode }) {
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3">
      <SearchBox label={search} value={list.get("q")} onSearch={(q) => list.set({ q })} />
      {children}
      <SelectFilter id="active-filter" label="Status" value={list.get("active")} options={STATUS_OPTIONS} onChange={(active) => list.set({ active })} />
    </div>
  );
}

/**
 * The results of a staff list: "Loading {what}…", "We could not load {failedWhat}", `empty` ("No {what}
 * match." unless given) when the page has no row, else the table (`row` renders each row's <tr>) and the pager.
 */
export function StaffList<Row>({
  list,
  query,
  caption,
  columns,
  row,
  what,
  failedWhat = `the ${what}`,
  empty = `No ${what} match.`,
  narrow = false,
}: {
  list: ListParams;
  query: ListQuery<Row>;
  caption: string;
  columns: ListColumn[];
  row: (r: Row) => ReactNode;
  what: string;
  failedWhat?: string;
  empty?: ReactNode;
  /** Cells that wrap (sentences): no sideways scrolling on a phone. */
  narrow?: boolean;
}) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError || !query.data) return <Failed error={query.error} what={failedWhat} />;
  if (query.data.items.length === 0) return <Empty>{empty}</Empty>;
  const sort = list.get("sort");
  const dir = list.get("dir");
  const onSort = (field: string, d: string) => list.set({ sort: field, dir: d });
  const { page, pageSize, total, items } = query.data;
  return (
    <>
      <TableFrame caption={caption} narrow={narrow}>
        <thead className="border-b border-line bg-mist">
          <tr>
            {columns.map((c) =>
              c.sort ? (
                <SortHeader key={c.label} label={c.label} field={c.sort} sort={sort} dir={dir} onSort={onSort} />
              ) : (
                <th key={c.label} scope="col" className={`px-3 py-2 ${c.align === "right" ? "text-right" : "text-left"}`}>
                  {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{items.map(row)}</tbody>
      </TableFrame>
      <Pager page={page} pageSize={pageSize} total={total} onPage={(p) => list.set({ page: String(p) }, false)} />
    </>
  );
}
