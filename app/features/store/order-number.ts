/** SPEC §2: an order number path segment must be a positive whole number; anything else is a route validator failure (404). */
export function parseOrderNumber(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
