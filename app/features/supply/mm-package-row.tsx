// One package's row on /Supply/Packages: its facts, edit and retire.
import { useState } from "react";
import { SupplyPackage } from "../../../contract/supply-mm.ts";
import { PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { Badge } from "../../components/ui/status.tsx";
import { EditDialog, money, n, useRowAction } from "./mm-form-parts.tsx";
import { packageBody, PackageFormView } from "./mm-package-form.tsx";
import { RowProblem } from "../../components/ui/table.tsx";

export function PackageRow({
  k,
  onChanged,
}: {
  k: SupplyPackage;
  onChanged: () => void;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const { problem, act } = useRowAction(onChanged);
  const url = `/api/Supply/Packages/${encodeURIComponent(k.type)}`;
  return (
    <>
      <tr className="border-b border-line align-middle">
        <th
          scope="row"
          className="px-3 py-2 text-left font-mono text-xs font-normal"
        >
          {k.type}
        </th>
        <td className="px-3 py-2">{k.description}</td>
        <td className="px-3 py-2">
          {k.category === "pails" ? "Pail fee" : "Box"}
        </td>
        <td className="px-3 py-2">{k.size}</td>
        <td className="px-3 py-2 text-right tabular">{money(k.price)}</td>
        <td className="px-3 py-2 text-right tabular">{n(k.bouquets)}</td>
        <td className="px-3 py-2">
          {k.active ? (
            <Badge tone="good">In use</Badge>
          ) : (
            <Badge tone="muted">Retired</Badge>
          )}
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-wrap gap-2">
            <EditDialog
              label="Edit"
              title={`Edit ${k.description} (${k.type})`}
              open={open}
              onOpenChange={setOpen}
            >
              <PackageFormView
                initial={{
                  type: k.type,
                  category: k.category,
                  size: k.size,
                  description: k.description,
                  price: k.price.toFixed(2),
                }}
                isNew={false}
                submitLabel="Save changes"
                onSubmit={async (f) => {
                  await api.put(url, packageBody(f), undefined, SupplyPackage);
                  setOpen(false);
                  toast("Saved.");
                  onChanged();
                }}
              />
            </EditDialog>
            {k.type !== PAIL_FEE_PACKAGE && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary !min-h-9 !py-1"
                  aria-label={`${k.active ? "Retire" : "Bring back"} ${k.type}`}
                  onClick={() =>
                    act(
                      api.put(url, { active: !k.active }),
                      k.active
                        ? `${k.type} is retired.`
                        : `${k.type} is in use again.`,
                    )
                  }
                >
                  {k.active ? "Retire" : "Bring back"}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary !min-h-9 !py-1"
                  aria-label={`Delete ${k.type}`}
                  onClick={() => act(api.del(url), `${k.type} was deleted.`)}
                >
                  Delete
                </button>
              </>
            )}
          </div>
        </td>
      </tr>
      <RowProblem problem={problem} colSpan={8} />
    </>
  );
}
