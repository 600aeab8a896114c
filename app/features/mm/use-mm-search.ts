// The MM store's search and filters (SPEC §5). Without text the filters run here (cheap); with text the
// fuzzy search runs in a worker and the list shows its answer for the latest text. Where workers are
// missing (server rendering, old browsers) the same search runs here.
import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import type { MmProduct } from "../../../contract/mm.ts";
import { mmSearch } from "../../../domain/search.ts";
import type { SearchAnswer, SearchRequest } from "./search.worker.ts";

function startWorker(): Worker | null {
  if (typeof window === "undefined" || typeof Worker === "undefined") return null;
  try {
    return new Worker(new URL("./search.worker.ts", import.meta.url), { type: "module" });
  } catch {
    return null;
  }
}

export function useMmSearch(products: readonly MmProduct[], text: string, category: string, colour: string): { matches: MmProduct[]; searching: boolean } {
  const worker = useRef<Worker | null>(null);
  const [workerReady, setWorkerReady] = useState(false);
  const lastId = useRef(0);
  const [answer, setAnswer] = useState<{ id: number; key: string; productIds: string[] } | null>(null);
  const sent = useRef(new Map<number, string>());

  useEffect(() => {
    const w = startWorker();
    if (!w) return;
    worker.current = w;
    w.onmessage = (e: MessageEvent<SearchAnswer>) => {
      const key = sent.current.get(e.data.id);
      sent.current.delete(e.data.id);
      // A transition: React renders the new list in slices, never one long task.
      if (key !== undefined && e.data.id === lastId.current) startTransition(() => setAnswer({ id: e.data.id, key, productIds: e.data.productIds }));
    };
    setWorkerReady(true);
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    if (!workerReady) return;
    const slim = products.map((p) => ({ productId: p.productId, description: p.description, category: p.category, colour: p.colour }));
    worker.current?.postMessage({ type: "products", products: slim } satisfies SearchRequest);
  }, [products, workerReady]);

  const query = text.trim();
  const key = `${products.length}|${query}|${category}|${colour}`;
  useEffect(() => {
    if (!workerReady || query === "") return;
    const id = ++lastId.current;
    sent.current.set(id, key);
    worker.current?.postMessage({ type: "search", id, text: query, category, colour } satisfies SearchRequest);
  }, [workerReady, query, category, colour, key, products]);

  const byId = useMemo(() => new Map(products.map((p) => [p.productId, p])), [products]);
  return useMemo(() => {
    if (query === "" || !workerReady) return { matches: mmSearch(products, query, category, colour), searching: false };
    if (!answer) return { matches: [], searching: true };
    return { matches: answer.productIds.flatMap((id) => byId.get(id) ?? []), searching: answer.key !== key };
  }, [query, workerReady, products, category, colour, answer, byId, key]);
}
