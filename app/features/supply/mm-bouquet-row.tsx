// One bouquet's row on /Supply/Bouquets: its facts, edit, retire and bring back.
import { useState } from "react";
import { SupplyBouquet } from "../../../contract/supply-mm.ts";
import { artUrl } from "../../../art/art-url.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { Badge } from "../../components/ui/status.tsx";
import { bouquetBody, bouquetForm, BouquetFormView } from "./mm-bouquet-form.tsx";
import { EditDialog, money, n, useRowAction } from "./mm-form-parts.tsx";
import { RowProblem } from "../../components/ui/table.tsx";

export function BouquetRow({
  b,
  onChanged,
}: {
  b: SupplyBouquet;
  onChanged: () => void;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const { problem, act } = useRowAction(onChanged);
  return (
    <>
      <tr className="border-b border-line align-middle">
        <td className="px-3 py-2">
          <img
            src={artUrl(b.imageName, b.colourHex)}
            alt=""
            width={40}
            height={40}
            className="h-10 w-10 object-contain"
            loading="lazy"
          />
        </td>
        <th scope="row" className="px-3 py-2 text-left font-normal">
          <span className="block">{b.description}</span>
          <span className="block font-mono text-xs text-sage">
            {b.productId}
          </span>
        </th>
        <td className="px-3 py-2">{b.boxType ?? "—"}</td>
        <td className="px-3 py-2">
          {b.unitOfMeasure} · {b.packSize}
        </td>
        <td className="px-3 py-2 text-right tabular">
          {money(b.pricePerBouquet)}
        </td>
        <td className="px-3 py-2 text-right tabular">
          {money(b.pricePerBouquetNoBox)}
        </td>
        <td className="px-3 py-2 text-right tabular">{n(b.ordered)}</td>
        <td className="px-3 py-2">
          {b.active ? (
            <Badge tone="good">On sale</Badge>
          ) : (
            <Badge tone="muted">Retired</Badge>
          )}
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-wrap gap-2">
            <EditDialog
              label="Edit"
              title={`Edit ${b.description}`}
              open={open}
              onOpenChange={setOpen}
            >
              <BouquetFormView
                initial={bouquetForm(b)}
                isNew={false}
                submitLabel="Save changes"
                onSubmit={async (f) => {
                  await api.put(
                    `/api/Supply/Bouquets/${encodeURIComponent(b.productId)}`,
                    bouquetBody(f),
                    undefined,
                    SupplyBouquet,
                  );
                  setOpen(false);
                  toast("Saved.");
                  onChanged();
                }}
              />
            </EditDialog>
            <button
              type="button"
              className="btn btn-secondary !min-h-9 !py-1"
              aria-label={`${b.active ? "Retire" : "Bring back"} ${b.description}`}
              onClick={() =>
                act(
                  api.put(
                    `/api/Supply/Bouquets/${encodeURIComponent(b.productId)}`,
                    { active: !b.active },
                  ),
                  b.active
                    ? `${b.description} is retired.`
                    : `${b.description} is on sale again.`,
                )
              }
            >
              {b.active ? "Retire" : "Bring back"}
            </button>
            <button
              type="button"
              className="btn btn-secondary !min-h-9 !py-1"
              aria-label={`Delete ${b.description}`}
              onClick={() =>
                act(
                  api.del(
                    `/api/Supply/Bouquets/${encodeURIComponent(b.productId)}`,
                  ),
                  `${b.description} was deleted.`,
                )
              }
            >
              Delete
            </button>
          </div>
        </td>
      </tr>
      <RowProblem problem={problem} colSpan={9} />
    </>
  );
}
