// The supply desk's list screens' shared pieces: the "New …" panel above a list (open when the
// address says `new`) and what follows a creation there, and the search box that puts its words in
// the address (Enter).
import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useToast } from "../../components/ui/toast.tsx";

export function NewPanel({ title, children }: { title: string; children: ReactNode }) {
  const [params] = useSearchParams();
  return (
    <details className="mb-4 rounded-2xl border border-line bg-white p-4" open={params.has("new")}>
      <summary className="cursor-pointer font-serif text-xl text-leaf">{title}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** The words searched for (`q` in the address), and the box changing them. */
export function useSearchWords() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const box = (id: string, label: string) => (
    <div className="mb-3 max-w-md">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field-input"
        defaultValue={q}
        onKeyDown={(e) => {
          if (e.key === "Enter") setParams(e.currentTarget.value.trim() ? { q: e.currentTarget.value.trim() } : {}, { replace: true });
        }}
      />
    </div>
  );
  return { q, box };
}

/** The New panel's form key, and after a creation: say so, empty the form (a new key), refresh the supply lists. */
export function useNewRecord() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [formKey, setFormKey] = useState(0);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["supply"] });
  const created = (message: string) => {
    toast(message);
    setFormKey((k) => k + 1);
    refresh();
  };
  return { formKey, refresh, created };
}
