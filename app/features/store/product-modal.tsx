import type { CartItem, Product } from "../../../contract/store.ts";
import { formatMoney } from "../../../domain/money.ts";
import { AvailabilityBadge, canOrder } from "./availability-badge.tsx";
import { ColourChip } from "./catalogue-rows.tsx";
import { priceTiers } from "./cart-logic.ts";
import { Modal } from "../../components/ui/dialog.tsx";
import { ProductPicture } from "./product-picture.tsx";
import { QuantityEntry, type SaveLine } from "./quantity-entry.tsx";

/** Everything about one offer line: picture, pack, availability, the price tiers, and quantity entry. */
export function ProductModal({ product, line, onSave, onClose }: { product: Product; line: CartItem | undefined; onSave: SaveLine; onClose: () => void }) {
  const tiers = priceTiers(product);
  const perPail = product.unitOfMeasureQty;
  return (
    <Modal title={product.description} onClose={onClose} wide>
      <div className="grid gap-5 sm:grid-cols-[220px_1fr]">
        <div className="rounded-xl bg-gradient-to-b from-paper to-mist p-2">
          <ProductPicture image={product.image} colourHex={product.colourHex} className="mx-auto h-56 w-auto" title={`${product.description}, drawn in ${product.colour.toLowerCase()}`} />
        </div>
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <AvailabilityBadge product={product} />
            {product.special && <span className="rounded bg-petal px-2 py-0.5 text-xs font-semibold text-white">Special</span>}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-sage">Item</dt>
            <dd className="tabular">{product.productId}</dd>
            <dt className="text-sage">Category</dt>
            <dd>{product.category}</dd>
            <dt className="text-sage">Colour</dt>
            <dd>
              <ColourChip hex={product.colourHex} name={product.colour} />
            </dd>
            {product.grade && (
              <>
                <dt className="text-sage">Grade</dt>
                <dd>{product.grade}</dd>
              </>
            )}
            <dt className="text-sage">Bunch</dt>
            <dd>{product.stemsPerBunch} stems</dd>
            <dt className="text-sage">Pail</dt>
            <dd>{perPail > 0 ? `${perPail} bunches (${perPail * product.stemsPerBunch} stems)` : "Sold by the bunch only"}</dd>
            <dt className="text-sage">Box</dt>
            <dd>
              {product.bunchesPerBox} bunches, {product.stemsPerBox} stems
            </dd>
            {product.isFinalProduct && (
              <>
                <dt className="text-sage">Limit</dt>
                <dd>Only what remains today can be ordered</dd>
              </>
            )}
          </dl>
          <table className="w-full text-sm">
            <caption className="mb-1 text-left font-semibold">Prices per bunch</caption>
            <thead>
              <tr className="border-b border-line text-left text-xs text-sage uppercase">
                <th scope="col" className="py-1 pr-2 font-semibold">
                  Quantity
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-semibold">
                  Bunch in pail
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Loose bunch
                </th>
              </tr>
            </thead>
            <tbody>
              {tiers.map((t) => (
                <tr key={t.label} className="border-b border-line/60">
                  <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                    {t.label}
                  </th>
                  <td className="py-1.5 pr-2 text-right tabular">{formatMoney(t.pailBunchCents)}</td>
                  <td className="py-1.5 text-right tabular">{formatMoney(t.looseBunchCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {perPail > 0 && <p className="text-xs text-sage">A pail holds {perPail} bunches. Bunches beyond whole pails are priced as loose bunches.</p>}
          <div className="rounded-xl border border-line bg-paper p-3">
            {canOrder(product) ? (
              <QuantityEntry product={product} line={line} onSave={onSave} layout="stacked" />
            ) : (
              <p className="text-sm text-sage">This flower cannot be ordered for the chosen date.</p>
            )}
          </div>
        </div>
      </div>
    </Modal>
  );
}
