// API paths and hooks of the order desk (/Administration/Orders).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BulkResult, DeskOrder, DeskOrderList, type BulkInput } from "../../../contract/order-desk.ts";
import { api } from "../../lib/api.ts";

export interface DeskFilters {
  view?: string;
  shipDate?: string;
  status?: string;
  customerId?: string;
  store?: string;
}

const base = "/api/OrderDesk/Orders";

export function useDeskOrders(f: DeskFilters) {
  return useQuery({ queryKey: ["desk-orders", f], queryFn: () => api.get(base, { ...f }, DeskOrderList) });
}

export function useDeskOrder(n: number) {
  return useQuery({ queryKey: ["desk-order", n], queryFn: () => api.get(`${base}/${n}`, undefined, DeskOrder) });
}

export type DeskChange =
  | { kind: "confirmLine" | "declineLine"; lineId: number }
  | { kind: "changeLine"; lineId: number; quantity: number }
  | { kind: "confirm" | "pack" | "invoice" }
  | { kind: "ship" | "cancel"; reason?: string };

function send(n: number, c: DeskChange): Promise<DeskOrder> {
  switch (c.kind) {
    case "confirmLine":
      return api.post(`${base}/${n}/Lines/${c.lineId}/Confirm`, {}, undefined, undefined, DeskOrder);
    case "declineLine":
      return api.post(`${base}/${n}/Lines/${c.lineId}/Decline`, {}, undefined, undefined, DeskOrder);
    case "changeLine":
      return api.put(`${base}/${n}/Lines/${c.lineId}`, { quantity: c.quantity }, undefined, DeskOrder);
    case "confirm":
      return api.post(`${base}/${n}/Confirm`, {}, undefined, undefined, DeskOrder);
    case "pack":
      return api.post(`${base}/${n}/Pack`, {}, undefined, undefined, DeskOrder);
    case "invoice":
      return api.post(`${base}/${n}/Invoice`, {}, undefined, undefined, DeskOrder);
    case "ship":
      return api.post(`${base}/${n}/Ship`, c.reason ? { reason: c.reason } : {}, undefined, undefined, DeskOrder);
    case "cancel":
      return api.post(`${base}/${n}/Cancel`, c.reason ? { reason: c.reason } : {}, undefined, undefined, DeskOrder);
  }
}

export function useDeskChange(n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: DeskChange) => send(n, c),
    onSuccess: (order) => {
      qc.setQueryData(["desk-order", n], order);
      void qc.invalidateQueries({ queryKey: ["desk-orders"] });
      void qc.invalidateQueries({ queryKey: ["invoices"] });
    },
  });
}

/** Confirm or decline several orders' (or lines') pending quantities at once: all or nothing. */
export function useDeskBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkInput) => api.post("/api/OrderDesk/Bulk", body, undefined, undefined, BulkResult),
    onSuccess: (res) => {
      for (const o of res.orders) qc.setQueryData(["desk-order", o.orderNumber], o);
      void qc.invalidateQueries({ queryKey: ["desk-orders"] });
    },
  });
}
