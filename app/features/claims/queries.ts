// Claims' server state: the buyer's claims and an order's claim window, the desk's list, and the writes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Claim, ClaimList, ClaimWindow } from "../../../contract/claims.ts";
import { api } from "../../lib/api.ts";
import type { StoreIds } from "../store/queries.ts";

const e = encodeURIComponent;
const base = (ids: StoreIds) => `/api/Claims/${e(ids.userId)}/${e(ids.customerId)}`;
const retailerQuery = (ids: StoreIds) => ({ retailerId: ids.isRetailer ? ids.retailerId : undefined });

export const claimPaths = {
  buyerPhoto: (ids: StoreIds, claimId: number, photoId: number) =>
    `${base(ids)}/${claimId}/Photos/${photoId}${ids.isRetailer ? `?retailerId=${ids.retailerId}` : ""}`,
  deskPhoto: (claimId: number, photoId: number) => `/api/OrderDesk/Claims/${claimId}/Photos/${photoId}`,
};

export function useBuyerClaims(ids: StoreIds | null) {
  return useQuery({
    queryKey: ["claims", "buyer", ids?.userId, ids?.customerId, ids?.retailerId],
    queryFn: () => api.get(base(ids!), retailerQuery(ids!), ClaimList),
    enabled: !!ids,
  });
}

export function useClaimWindow(ids: StoreIds | null, orderNumber: number | null) {
  return useQuery({
    queryKey: ["claims", "window", ids?.userId, ids?.customerId, ids?.retailerId, orderNumber],
    queryFn: () => api.get(`${base(ids!)}/Orders/${orderNumber}`, retailerQuery(ids!), ClaimWindow),
    enabled: !!ids && orderNumber !== null,
    retry: false,
  });
}

export interface NewClaim {
  orderNumber: number;
  lineId: number;
  reason: string;
  quantity: number;
  note: string;
  photos: { name: string; data: string }[];
}

export function useOpenClaim(ids: StoreIds | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: NewClaim) => api.post(base(ids!), c, retailerQuery(ids!), undefined, Claim),
    onSettled: () => qc.invalidateQueries({ queryKey: ["claims"] }),
  });
}

export function useDeskClaims(status: "open" | "answered") {
  return useQuery({ queryKey: ["claims", "desk", status], queryFn: () => api.get("/api/OrderDesk/Claims", { status }, ClaimList) });
}

export function useAnswerClaim() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { claimId: number; accept: true; quantity: number } | { claimId: number; accept: false; reason: string }) =>
      a.accept
        ? api.post(`/api/OrderDesk/Claims/${a.claimId}/Accept`, { quantity: a.quantity }, undefined, undefined, Claim)
        : api.post(`/api/OrderDesk/Claims/${a.claimId}/Decline`, { reason: a.reason }, undefined, undefined, Claim),
    onSettled: () => qc.invalidateQueries({ queryKey: ["claims"] }),
  });
}

/** A picked file as a data: URL (the server reads base64; it resizes and strips the photo itself). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}
