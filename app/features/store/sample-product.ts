// A product of the store's list, made up: a white Select lily, changed by `over`. The store's unit
// tests build their products with it, and the catalogue's warm-up row shows one (catalogue.tsx).
import type { Product } from "../../../contract/store.ts";

export function sampleProduct(over: Partial<Product> = {}): Product {
  return {
    productId: "LIL-1",
    description: "Lily",
    category: "Lilies",
    colour: "White",
    colourHex: "#fff",
    image: "lily",
    grade: "Select",
    stemsPerBunch: 10,
    quantityRemaining: 100,
    originalQuantityRemaining: 100,
    unitOfMeasure: "Pail",
    unitOfMeasureQty: 5,
    bunchesPerBox: 10,
    stemsPerBox: 100,
    isFinalProduct: false,
    special: false,
    discount: 0,
    discountQuantity: 20,
    discountQuantity2: 40,
    standardPrice: 1.5,
    price: 1.5,
    standardPriceNoPail: 1.75,
    priceNoPail: 1.75,
    discountPrice: 1.4,
    discountPriceNoPail: 1.6,
    discountPrice2: 1.3,
    discountPriceNoPail2: 1.5,
    showStore: true,
    nextAvailableDate: null,
    offerOrderNumber: 7,
    ...over,
  };
}
