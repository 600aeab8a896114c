// The authorization matrix's entries, by subject, in the order the matrix walks them.
import type { Entry } from "./model.ts";
import { DESK_ENTRIES } from "./desk.ts";
import { DOCUMENT_ENTRIES } from "./documents.ts";
import { MM_ENTRIES } from "./mm.ts";
import { STORE_ENTRIES } from "./store.ts";

export * from "./model.ts";
export { post } from "./desk.ts";
export { V1_AVAILABILITY, V1_PRODUCT } from "./documents.ts";
export const ENTRIES: Entry[] = [...STORE_ENTRIES, ...MM_ENTRIES, ...DESK_ENTRIES, ...DOCUMENT_ENTRIES];
