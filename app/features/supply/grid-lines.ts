// A catalog's lines for the supply grid (GET /api/Supply/Catalogs/{id}/Lines), and the products to
// publish in it (GET /api/Supply/Products). The catalog is
// checked with its schema at once; the lines, thousands in a big catalog, line by line in chunks
// (parseListInChunks), so checking 5,000 of them never holds the page in one long task (issue 30).
import { SupplyLine, SupplyLineList, SupplyProduct, SupplyProductList } from "../../../contract/supply.ts";
import { api, parseListInChunks } from "../../lib/api.ts";

const CatalogOnly = SupplyLineList.pick({ catalog: true });

/** The answer as SupplyLineList.parse gives it, the lines parsed between yields to the browser. */
export async function fetchSupplyLines(catalogId: string): Promise<SupplyLineList> {
  const raw = await api.get<{ lines?: unknown }>(`/api/Supply/Catalogs/${catalogId}/Lines`);
  const { catalog } = CatalogOnly.parse(raw);
  const lines = await parseListInChunks(raw.lines, SupplyLine);
  return { catalog, lines };
}

const ProductsOnly = SupplyProductList.pick({ truncated: true });

/**
 * Every product (GET /api/Supply/Products), as SupplyProductList.parse gives it, the products parsed
 * in chunks like the lines: the product picker's list of a few thousand is read while the grid is on
 * the screen, and checking it in one go was a task of about 25 ms (issue 30).
 */
export async function fetchSupplyProducts(): Promise<SupplyProductList> {
  const raw = await api.get<{ products?: unknown }>("/api/Supply/Products");
  const { truncated } = ProductsOnly.parse(raw);
  const products = await parseListInChunks(raw.products, SupplyProduct);
  return { products, truncated };
}
