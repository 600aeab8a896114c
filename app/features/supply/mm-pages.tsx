// The supply desk's mass-market screens (issue 25; docs/domain-supply.md): /Supply/Bouquets,
// /Supply/Packages, and the bouquet lines of a mass-market catalog on /Supply/Availability. Staff
// only (domain/access.ts); the server checks every call itself. Edits open in a dialog (Radix: focus
// moves in and back, Escape closes it).
import { useQuery } from "@tanstack/react-query";
import { SupplyBouquet, SupplyBouquetList, SupplyPackage } from "../../../contract/supply-mm.ts";
import { PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { api } from "../../lib/api.ts";
import { StaffPage } from "../../components/ui/page.tsx";
import { Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";
import { BouquetFormView, EMPTY_BOUQUET, usePackages } from "./mm-bouquet-form.tsx";
import { BouquetRow } from "./mm-bouquet-row.tsx";
import { EMPTY_PACKAGE, PackageFormView } from "./mm-package-form.tsx";
import { PackageRow } from "./mm-package-row.tsx";
import { NewPanel, useNewRecord, useSearchWords } from "./list-parts.tsx";

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
          onSubmit={async (body) => {
            const b = await api.post("/api/Supply/Bouquets", body, undefined, undefined, SupplyBouquet);
            created(`${b.description} was created.`);
          }}
        />
      </NewPanel>
      {box("bouquet-search", "Search code or description")}
      {query.isPending ? (
        <Loading what="bouquets" />
      ) : query.isError ? (
        <Failed error={query.error} what="bouquets" />
      ) : query.data.bouquets.length === 0 ? (
        <Empty>
          No bouquets{q ? ` match “${q}”` : " yet: create the first one above"}.
        </Empty>
      ) : (
        <TableFrame caption="Bouquets">
          <TableHead columns={[{ label: "Picture", hidden: true }, "Bouquet", "Box", "Unit · pack", { label: "Boxed", right: true }, { label: "Not boxed", right: true }, { label: "Ever ordered", right: true }, "Status", { label: "Actions", hidden: true }]} />
          <tbody>
            {query.data.bouquets.map((b) => (
              <BouquetRow key={b.productId} b={b} onChanged={refresh} />
            ))}
          </tbody>
        </TableFrame>
      )}
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
          onSubmit={async (body) => {
            const k = await api.post("/api/Supply/Packages", body, undefined, undefined, SupplyPackage);
            created(`${k.description} (${k.type}) was created.`);
          }}
        />
      </NewPanel>
      {query.isPending ? (
        <Loading what="packages" />
      ) : query.isError ? (
        <Failed error={query.error} what="packages" />
      ) : query.data.packages.length === 0 ? (
        <Empty>
          No packages yet: create the box types and the {PAIL_FEE_PACKAGE} pail
          fee above.
        </Empty>
      ) : (
        <TableFrame caption="Packages">
          <TableHead columns={["Type", "Description", "Kind", "Size", { label: "Price", right: true }, { label: "Bouquets", right: true }, "Status", { label: "Actions", hidden: true }]} />
          <tbody>
            {query.data.packages.map((k) => (
              <PackageRow key={k.type} k={k} onChanged={refresh} />
            ))}
          </tbody>
        </TableFrame>
      )}
    </StaffPage>
  );
}
