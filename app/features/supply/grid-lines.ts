// A catalog's lines for the supply grid (GET /api/Supply/Catalogs/{id}/Lines). The catalog is
// checked with its schema at once; the lines, thousands in a big catalog, line by line in chunks
// (parseListInChunks), so checking 5,000 of them never holds the page in one long task (issue 30).
import { SupplyLine, SupplyLineList } from "../../../contract/supply.ts";
import { api, parseListInChunks } from "../../lib/api.ts";

const CatalogOnly = SupplyLineList.pick({ catalog: true });

/** The answer as SupplyLineList.parse gives it, the lines parsed between yields to the browser. */
export async function fetchSupplyLines(catalogId: string): Promise<SupplyLineList> {
  const raw = await api.get<{ lines?: unknown }>(`/api/Supply/Catalogs/${catalogId}/Lines`);
  const { catalog } = CatalogOnly.parse(raw);
  const lines = await parseListInChunks(raw.lines, SupplyLine);
  return { catalog, lines };
}
