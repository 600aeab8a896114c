// The combos section of /Supply/Promotions: the combos (promotions-combo-card.tsx) and the form
// making or changing one (promotions-combo-form.tsx).
import { useQuery } from "@tanstack/react-query";
import { SupplyComboList, type SupplyCombo } from "../../../contract/promotions.ts";
import { SupplyProductList } from "../../../contract/supply.ts";
import { ConfirmDialog, useConfirmedAction } from "../../components/ui/confirm-dialog.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { KEY, Section, useRefresh } from "./promotions-parts.tsx";
import { ComboCard } from "./promotions-combo-card.tsx";
import { ComboFormView, useComboForm } from "./promotions-combo-form.tsx";

export function CombosSection() {
  const toast = useToast();
  const refresh = useRefresh();
  const combos = useQuery({
    queryKey: [...KEY, "combos"],
    queryFn: () => api.get("/api/Supply/Promotions/Combos", undefined, SupplyComboList),
  });
  const products = useQuery({
    queryKey: [...KEY, "products"],
    queryFn: () => api.get("/api/Supply/Products", { retired: "false" }, SupplyProductList),
  });
  const form = useComboForm();
  const confirm = useConfirmedAction();

  const act = (c: SupplyCombo, kind: "end" | "delete") =>
    confirm.ask({
      title: kind === "end" ? `End "${c.title}" now?` : `Delete "${c.title}"?`,
      consequences:
        kind === "end"
          ? [c.status === "coming" ? "It has not started: it is deleted." : "Its last day becomes yesterday: buyers no longer see it.", "Open stores learn of it at once."]
          : ["It is removed from the list and from every dashboard.", "This cannot be undone."],
      confirmLabel: kind === "end" ? "End it" : "Delete",
      danger: kind === "delete",
      run: () => (kind === "end" ? api.post(`/api/Supply/Promotions/Combos/${c.comboId}/End`) : api.del(`/api/Supply/Promotions/Combos/${c.comboId}`)),
      done: () => {
        toast(kind === "end" ? `"${c.title}" was ended.` : `"${c.title}" was deleted.`);
        refresh();
      },
    });

  return (
    <Section
      id="combos"
      title="Combo specials"
      intro="Products that are cheaper bought together, for a run of days. Running ones are on every buyer's dashboard and marked Combo in the store."
    >
      {combos.isPending ? (
        <Loading what="combo specials" />
      ) : combos.isError ? (
        <Failed error={combos.error} what="combo specials" />
      ) : combos.data.combos.length === 0 ? (
        <Empty>No combo specials yet.</Empty>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {combos.data.combos.map((c) => (
            <ComboCard key={c.comboId} c={c} onEdit={() => form.edit(c)} onAct={(kind) => act(c, kind)} />
          ))}
        </ul>
      )}
      <ComboFormView form={form} products={products.data?.products} loading={products.isPending} />
      <ConfirmDialog {...confirm.dialog} />
    </Section>
  );
}
