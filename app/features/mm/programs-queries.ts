// API paths and hooks of the mass-market reorder and standing programs (docs/domain-mm.md).
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { Ok } from "../../../contract/common.ts";
import { MmReorderResponse } from "../../../contract/mm.ts";
import { MmProgram, type MmProgramBody } from "../../../contract/mm-programs.ts";
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
  return useQuery({ queryKey: programKeys.programs(ids), queryFn: () => api.get(programPaths.programs(), ask(ids), z.array(MmProgram)) });
}

export const saveMmProgram = (ids: StoreIds, id: number | null, body: MmProgramBody) =>
  id === null ? api.post(programPaths.programs(), body, ask(ids), undefined, MmProgram) : api.put(programPaths.program(id), body, ask(ids), MmProgram);

export const deleteMmProgram = (ids: StoreIds, id: number) => api.del(programPaths.program(id), ask(ids), Ok);

export const reorderMm = (ids: StoreIds, orderNumber: number) => api.post(programPaths.reorder(), { orderNumber }, ask(ids), undefined, MmReorderResponse);
