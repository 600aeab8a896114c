// One bouquet's row on /Supply/Bouquets: its facts, edit, retire and bring back.
import { SupplyBouquet } from "../../../contract/supply-mm.ts";
import { artUrl } from "../../../art/art-url.ts";
import { Badge } from "../../components/ui/status.tsx";
import { bouquetForm, BouquetFormView } from "./mm-bouquet-form.tsx";
import { ItemRow, money, n } from "./mm-form-parts.tsx";

export function BouquetRow({ b, onChanged }: { b: SupplyBouquet; onChanged: () => void }) {
  const url = `/api/Supply/Bouquets/${encodeURIComponent(b.productId)}`;
  return (
    <ItemRow
      url={url}
      name={b.description}
      editTitle={`Edit ${b.description}`}
      active={b.active}
      backAgain="is on sale again."
      colSpan={9}
      onChanged={onChanged}
      answer={SupplyBouquet}
      editForm={(save) => <BouquetFormView initial={bouquetForm(b)} isNew={false} submitLabel="Save changes" onSubmit={save} />}
    >
      <td className="px-3 py-2">
        <img src={artUrl(b.imageName, b.colourHex)} alt="" width={40} height={40} className="h-10 w-10 object-contain" loading="lazy" />
      </td>
      <th scope="row" className="px-3 py-2 text-left font-normal">
        <span className="block">{b.description}</span>
        <span className="block font-mono text-xs text-sage">{b.productId}</span>
      </th>
      <td className="px-3 py-2">{b.boxType ?? "—"}</td>
      <td className="px-3 py-2">
        {b.unitOfMeasure} · {b.packSize}
      </td>
      <td className="px-3 py-2 text-right tabular">{money(b.pricePerBouquet)}</td>
      <td className="px-3 py-2 text-right tabular">{money(b.pricePerBouquetNoBox)}</td>
      <td className="px-3 py-2 text-right tabular">{n(b.ordered)}</td>
      <td className="px-3 py-2">{b.active ? <Badge tone="good">On sale</Badge> : <Badge tone="muted">Retired</Badge>}</td>
    </ItemRow>
  );
}
