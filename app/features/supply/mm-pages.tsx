// The supply desk's mass-market screens (issue 25; docs/domain-supply.md): /Supply/Bouquets,
// /Supply/Packages, and the bouquet lines of a mass-market catalog on /Supply/Availability. Staff
// only (domain/access.ts); the server checks every call itself. Edits open in a dialog (Radix: focus
// moves in and back, Escape closes it).
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { z } from "zod";
import { SupplyBouquet, SupplyBouquetList, SupplyPackage } from "../../../contract/supply-mm.ts";
import { PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { api } from "../../lib/api.ts";
import { StaffPage } from "../../components/ui/page.tsx";
import { Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { type Column, TableFrame, TableHead } from "../../components/ui/table.tsx";
import { BouquetFormView, EMPTY_BOUQUET, usePackages } from "./mm-bouquet-form.tsx";
import { BouquetRow } from "./mm-bouquet-row.tsx";
import { EMPTY_PACKAGE, PackageFormView } from "./mm-package-form.tsx";
import { PackageRow } from "./mm-package-row.tsx";
import { NewPanel, useNewRecord, useSearchWords } from "./list-parts.tsx";

/**
 * A screen's list under its New panel: loading, failed, empty (`children` say so), or its table (captioned
 * after `what`), a row an item.
 */
function RecordTable<D, T>({ query, what, list, columns, row, children }: { query: UseQueryResult<D>; what: string; list: (data: D) => T[]; columns: readonly Column[]; row: (item: T) => ReactNode; children: ReactNode }) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <Failed error={query.error} what={what} />;
  const items = list(query.data);
  if (items.length === 0) return <Empty>{children}</Empty>;
  return (
    <TableFrame caption={what[0]!.toUpperCase() + what.slice(1)}>
      <TableHead columns={columns} />
      <tbody>{items.map(row)}</tbody>
    </TableFrame>
  );
}

/** A New panel's sending: its checked body posted to `path`, then `done` with the answer (checked against `answer`). */
const postNew =
  <T,>(path: string, answer: z.ZodType<T>, done: (saved: T) => void) =>
  async (body: object) =>
    done(await api.post(path, body, undefined, undefined, answer));

const BOUQUET_COLUMNS: Column[] = [{ label: "Picture", hidden: true }, "Bouquet", "Box", "Unit · pack", { label: "Boxed", right: true }, { label: "Not boxed", right: true }, { label: "Ever ordered", right: true }, "Status", { label: "Actions", hidden: true }];
const PACKAGE_COLUMNS: Column[] = ["Type", "Description", "Kind", "Size", { label: "Price", right: true }, { label: "Bouquets", right: true }, "Status", { label: "Actions", hidden: true }];

export function BouquetsScreen() {
  const { q, box } = useSearchWords();
  const { formKey, refresh, created } = useNewRecord();
  const query = useQuery({
    queryKey: ["supply", "bouquets", q],
    queryFn: () =>
      api.get("/api/Supply/Bouquets", q ? { q } : undefined, SupplyBouquetList),
  });
  return (
    <StaffPage
      title="Bouquets"
      intro="The mass-market bouquets and bunches, their box and prices. One that was ever ordered is retired, never deleted."
    >
      <NewPanel title="New bouquet">
        <BouquetFormView
          key={formKey}
          initial={EMPTY_BOUQUET}
          isNew
          submitLabel="Create bouquet"
          onSubmit={postNew("/api/Supply/Bouquets", SupplyBouquet, (b) => created(`${b.description} was created.`))}
        />
      </NewPanel>
      {box("bouquet-search", "Search code or description")}
      <RecordTable query={query} what="bouquets" list={(d) => d.bouquets} columns={BOUQUET_COLUMNS} row={(b) => <BouquetRow key={b.productId} b={b} onChanged={refresh} />}>
        No bouquets{q ? ` match “${q}”` : " yet: create the first one above"}.
      </RecordTable>
    </StaffPage>
  );
}

export function PackagesScreen() {
  const { formKey, refresh, created } = useNewRecord();
  const query = usePackages();
  return (
    <StaffPage
      title="Packages"
      intro={`Box types a bouquet ships in, and the ${PAIL_FEE_PACKAGE} pail fee an unboxed cart with pails pays. A package in use cannot be deleted: retire it instead.`}
    >
      <NewPanel title="New package">
        <PackageFormView
          key={formKey}
          initial={EMPTY_PACKAGE}
          isNew
          submitLabel="Create package"
          onSubmit={postNew("/api/Supply/Packages", SupplyPackage, (k) => created(`${k.description} (${k.type}) was created.`))}
        />
      </NewPanel>
      <RecordTable query={query} what="packages" list={(d) => d.packages} columns={PACKAGE_COLUMNS} row={(k) => <PackageRow key={k.type} k={k} onChanged={refresh} />}>
        No packages yet: create the box types and the {PAIL_FEE_PACKAGE} pail fee above.
      </RecordTable>
    </StaffPage>
  );
}
