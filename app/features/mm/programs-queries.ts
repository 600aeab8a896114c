// API paths and hooks of the mass-market reorder and standing programs (docs/domain-mm.md).
import { useQuery } from "@tanstack/react-query";
import type { MmReorderResponse } from "../../../contract/mm.ts";
import type { MmProgram, MmProgramBody } from "../../../contract/mm-programs.ts";
import { api } from "../../lib/api.ts";
import type { StoreIds } from "./queries.ts";

const ask = (ids: StoreIds) => ({ customerId: ids.customerId, userId: ids.userId });

export const programPaths = {
  reorder: () => `/api/MMOrder/Reorder`,
  programs: () => `/api/MMPrograms`,
  program: (id: number) => `/api/MMPrograms/${id}`,
};

export const programKeys = {
  programs: (ids: StoreIds) => ["mm", "programs", ids.userId, ids.customerId] as const,
};

export function useMmPrograms(ids: StoreIds) {
  return useQuery({ queryKey: programKeys.programs(ids), queryFn: () => api.get<MmProgram[]>(programPaths.programs(), ask(ids)) });
}

export const saveMmProgram = (ids: StoreIds, id: number | null, body: MmProgramBody) =>
  id === null ? api.post<MmProgram>(programPaths.programs(), body, ask(ids)) : api.put<MmProgram>(programPaths.program(id), body, ask(ids));

export const deleteMmProgram = (ids: StoreIds, id: number) => api.del<{ ok: true }>(programPaths.program(id), ask(ids));

export const reorderMm = (ids: StoreIds, orderNumber: number) => api.post<MmReorderResponse>(programPaths.reorder(), { orderNumber }, ask(ids));
