// The supply grid's edits: what is typed in each line's cells, saving a line (PUT of the changed
// cells; a quantity is set, never added), the lines saving and each line's problem.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { SupplyLine, type SupplyLineList } from "../../../contract/supply.ts";
import { api } from "../../lib/api.ts";
import { formErrors } from "../../components/ui/form.tsx";
import { EDIT_COLUMNS, type EditColumn, type Edits, shown } from "./grid-columns.ts";

const without = <T,>(record: Record<number, T>, id: number) => {
  const next = { ...record };
  delete next[id];
  return next;
};

export function useGridEdits({ lines, catalog }: SupplyLineList) {
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<Edits>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  const state = useRef({ lines, edits });
  state.current = { lines, edits };

  const onChange = useCallback((lineId: number, c: EditColumn, value: string) => {
    setEdits((e) => ({ ...e, [lineId]: { ...e[lineId], [c]: value } }));
  }, []);

  const replaceLine = useCallback(
    (fresh: SupplyLine) => {
      queryClient.setQueryData<SupplyLineList>(["supply", "lines", String(catalog.catalogId)], (old) =>
        old ? { ...old, lines: old.lines.map((l) => (l.lineId === fresh.lineId ? fresh : l)) } : old,
      );
      setEdits((e) => without(e, fresh.lineId));
    },
    [queryClient, catalog.catalogId],
  );

  const onSave = useCallback(
    async (index: number) => {
      const line = state.current.lines[index];
      const edit = line && state.current.edits[line.lineId];
      if (!line || !edit) return;
      const body: Record<string, number> = {};
      for (const c of EDIT_COLUMNS) if (edit[c] !== undefined && edit[c] !== shown(line, c)) body[c] = Number(edit[c]!.replace(/[,$\s]/g, ""));
      if (!Object.keys(body).length) return;
      setBusy((b) => ({ ...b, [line.lineId]: true }));
      setProblems((p) => without(p, line.lineId));
      try {
        const sent = { ...body, ...(body.quantity !== undefined ? { mode: "set" } : {}) };
        replaceLine(await api.put(`/api/Supply/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, sent, undefined, SupplyLine));
      } catch (err) {
        const m = formErrors(err).message;
        setProblems((p) => ({ ...p, [line.lineId]: `${line.description}: ${m}` }));
      } finally {
        setBusy((b) => ({ ...b, [line.lineId]: false }));
      }
    },
    [catalog.catalogId, replaceLine],
  );
  const save = useCallback((index: number) => void onSave(index), [onSave]);

  return { edits, setEdits, problems, busy, onChange, save };
}
