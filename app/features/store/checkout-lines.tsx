import type { CartItem } from "../../../contract/store.ts";
import { responsiveTable as rt } from "../../components/ui/classes.ts";
import { money } from "../../lib/format.ts";
import { PailPriceCells } from "./order-parts.tsx";
import { LineStatusBadge } from "./line-status.tsx";

/** The checkout's table: the cart's flower lines with their pails, status and prices, then its fee lines. */
export function CheckoutLines({ lines, fees, holdActive }: { lines: CartItem[]; fees: CartItem[]; holdActive: boolean }) {
  return (
    <div className="rounded-xl border border-line bg-white p-2 sm:p-3 max-md:border-0 max-md:bg-transparent max-md:p-0">
      <table className={rt.table}>
        <caption className="sr-only">Lines in your cart</caption>
        <thead className={rt.thead}>
          <tr className="border-b-2 border-line">
            <th scope="col" className={rt.th}>Product</th>
            <th scope="col" className={`${rt.th} text-right`}>Pails</th>
            <th scope="col" className={`${rt.th} text-right`}>Bunches</th>
            <th scope="col" className={rt.th}>Status</th>
            <th scope="col" className={`${rt.th} text-right`}>Bunch in pail</th>
            <th scope="col" className={`${rt.th} text-right`}>Loose bunch</th>
            <th scope="col" className={`${rt.th} text-right`}>Line total</th>
          </tr>
        </thead>
        <tbody className={rt.tbody}>
          {lines.map((item) => (
            <CheckoutLine key={item.productId} item={item} holdActive={holdActive} />
          ))}
          {fees.map((item) => (
            <tr key={`fee-${item.id}`} className={`${rt.tr} text-sage`}>
              <td className={`${rt.td} max-md:!block`} data-label="" colSpan={6}>
                {item.description}
              </td>
              <td className={`${rt.td} md:text-right tabular`} data-label="Line total">
                {money(item.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CheckoutLine({ item, holdActive }: { item: CartItem; holdActive: boolean }) {
  return (
    <tr className={rt.tr}>
      <td className={`${rt.td} max-md:!block`} data-label="">
        <span className="font-semibold">{item.description}</span>
        <span className="block text-xs text-sage tabular">
          {item.productId} · {item.quantity} {item.quantity === 1 ? "bunch" : "bunches"}
        </span>
        {item.message && <span className="block text-xs text-[#b42318]">{item.message}</span>}
      </td>
      <td className={`${rt.td} md:text-right tabular`} data-label="Pails">
        {item.pails}
        {item.pails > 0 && <span className="text-xs text-sage"> × {item.unitOfMeasureQty}</span>}
      </td>
      <td className={`${rt.td} md:text-right tabular`} data-label="Loose bunches">
        {item.looseBunches}
      </td>
      <td className={rt.td} data-label="Status">
        <span className="flex flex-col items-end gap-0.5 md:items-start">
          <LineStatusBadge item={item} holdActive={holdActive} />
          <span className="text-xs whitespace-nowrap text-sage">
            {item.quantityConfirmed > 0 ? `${item.quantityConfirmed} confirmed` : ""}
            {item.quantityConfirmed > 0 && item.quantityPending > 0 ? " · " : ""}
            {item.quantityPending > 0 ? `${item.quantityPending} pending` : ""}
          </span>
        </span>
      </td>
      <PailPriceCells line={item} />
      <td className={`${rt.td} font-semibold md:text-right tabular`} data-label="Line total">
        {money(item.lineTotal)}
      </td>
    </tr>
  );
}
