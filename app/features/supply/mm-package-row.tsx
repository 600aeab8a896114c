// One package's row on /Supply/Packages: its facts, edit and retire.
import { SupplyPackage } from "../../../contract/supply-mm.ts";
import { PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { Badge } from "../../components/ui/status.tsx";
import { ItemRow, money, n } from "./mm-form-parts.tsx";
import { packageForm, PackageFormView } from "./mm-package-form.tsx";

export function PackageRow({ k, onChanged }: { k: SupplyPackage; onChanged: () => void }) {
  const url = `/api/Supply/Packages/${encodeURIComponent(k.type)}`;
  return (
    <ItemRow
      url={url}
      name={k.type}
      editTitle={`Edit ${k.description} (${k.type})`}
      active={k.active}
      backAgain="is in use again."
      fixed={k.type === PAIL_FEE_PACKAGE}
      colSpan={8}
      onChanged={onChanged}
      answer={SupplyPackage}
      editForm={(save) => <PackageFormView initial={packageForm(k)} isNew={false} submitLabel="Save changes" onSubmit={save} />}
    >
      <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-normal">
        {k.type}
      </th>
      <td className="px-3 py-2">{k.description}</td>
      <td className="px-3 py-2">{k.category === "pails" ? "Pail fee" : "Box"}</td>
      <td className="px-3 py-2">{k.size}</td>
      <td className="px-3 py-2 text-right tabular">{money(k.price)}</td>
      <td className="px-3 py-2 text-right tabular">{n(k.bouquets)}</td>
      <td className="px-3 py-2">{k.active ? <Badge tone="good">In use</Badge> : <Badge tone="muted">Retired</Badge>}</td>
    </ItemRow>
  );
}
