import type { Product } from "../../../contract/store.ts";
import { availabilityState, isTextState } from "../../../domain/availability.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { applyCustomerDiscount, type OfferPrices } from "../../../domain/pricing.ts";
import { freeQuantity, type OfferLineRow, type OfferRow, type ProductRow } from "../catalog/index.ts";

/** The offer's prices at this customer's price level (domain applyCustomerDiscount on each price). */
export function customerPrices(ol: OfferLineRow, unitOfMeasureQty: number, discountPercent: number): OfferPrices {
  const d = (cents: number) => applyCustomerDiscount(cents, discountPercent);
  return {
    standardPriceCents: d(ol.standardPriceCents),
    priceCents: d(ol.priceCents),
    standardPriceNoPailCents: d(ol.standardPriceNoPailCents),
    priceNoPailCents: d(ol.priceNoPailCents),
    discountPriceCents: d(ol.discountPriceCents),
    discountPriceNoPailCents: d(ol.discountPriceNoPailCents),
    discountPrice2Cents: d(ol.discountPrice2Cents),
    discountPriceNoPail2Cents: d(ol.discountPriceNoPail2Cents),
    discountQuantity: ol.discountQuantity,
    discountQuantity2: ol.discountQuantity2,
    special: ol.special,
    unitOfMeasureQty,
  };
}

/**
 * An offer line as the store shows it. `nextOffered` is the first ship date of the buyer's next
 * offer that has the product: it fills nextAvailableDate when the grower left the line's own empty
 * and the line shows a text state (Availability Pending, Sold out Today; domain availabilityState).
 */
export function toProduct(
  row: { ol: OfferLineRow; p: ProductRow; heldByOthers: number },
  offerOrderNumber: number,
  discountPercent: number,
  nextOffered: string | null = null,
): Product {
  const { ol, p } = row;
  const prices = customerPrices(ol, p.unitOfMeasureQty, discountPercent);
  const product: Product = {
    productId: p.productId,
    description: p.description,
    category: p.category,
    colour: p.colour,
    colourHex: p.colourHex,
    image: p.image,
    grade: p.grade,
    stemsPerBunch: p.stemsPerBunch,
    quantityRemaining: freeQuantity(ol, row.heldByOthers),
    originalQuantityRemaining: ol.originalQuantity === null ? null : Math.max(0, ol.originalQuantity - ol.quantityOrdered),
    unitOfMeasure: p.unitOfMeasure,
    unitOfMeasureQty: p.unitOfMeasureQty,
    bunchesPerBox: p.bunchesPerBox,
    stemsPerBox: p.stemsPerBox,
    isFinalProduct: ol.isFinalProduct,
    special: ol.special,
    discount: Number(ol.discount),
    discountQuantity: ol.discountQuantity,
    discountQuantity2: ol.discountQuantity2,
    standardPrice: centsToDollars(prices.standardPriceCents),
    price: centsToDollars(prices.priceCents),
    standardPriceNoPail: centsToDollars(prices.standardPriceNoPailCents),
    priceNoPail: centsToDollars(prices.priceNoPailCents),
    discountPrice: centsToDollars(prices.discountPriceCents),
    discountPriceNoPail: centsToDollars(prices.discountPriceNoPailCents),
    discountPrice2: centsToDollars(prices.discountPrice2Cents),
    discountPriceNoPail2: centsToDollars(prices.discountPriceNoPail2Cents),
    showStore: ol.showStore && p.showStore,
    nextAvailableDate: ol.nextAvailableDate,
    offerOrderNumber,
  };
  if (!product.nextAvailableDate && nextOffered && isTextState(availabilityState(product).kind)) product.nextAvailableDate = nextOffered;
  return product;
}

/**
 * A product the requested date's offer does not have (or has withdrawn) but a later offer of the
 * buyer does: listed as Not Available (showStore false) with the date it is next offered. Prices and
 * descriptions are the later offer's; nothing of it can be held or ordered for the requested date.
 */
export function toUpcomingProduct(
  row: { ol: OfferLineRow; p: ProductRow; heldByOthers: number },
  offerOrderNumber: number,
  discountPercent: number,
  nextAvailableDate: string,
): Product {
  return {
    ...toProduct(row, offerOrderNumber, discountPercent),
    quantityRemaining: 0,
    originalQuantityRemaining: 0,
    showStore: false,
    nextAvailableDate,
  };
}

export type { OfferRow };
